# adjacent interpolations
$x = "${a}${b}$c$d"
