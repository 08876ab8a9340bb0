# there is no === operator
$x = 1 === 2
