# * / % bind tighter than + -
$x = 1 + 2 * 3 - 4 / 5 % 6
