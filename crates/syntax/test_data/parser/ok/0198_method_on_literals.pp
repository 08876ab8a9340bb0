# method calls on literals
$x = "a".upcase
$y = [1].size
$z = { a => 1 }.keys
