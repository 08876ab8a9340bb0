# after a variable / is division: $a / $b / $c
$y = $a / $b / $c
