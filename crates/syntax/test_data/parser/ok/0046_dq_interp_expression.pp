# in ${x + 1} the name x is NOT turned into a variable (only a lone name is)
$x = "${y + 1}"
