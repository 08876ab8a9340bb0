# a hash literal inside ${} (space after ${)
$x = "${ {a => 1}['a'] }"
