# resource type given as a variable
$x { 'a': }
