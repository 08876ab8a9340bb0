# @ applied to something that is not a resource
$x = @x
