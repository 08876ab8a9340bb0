# $a /2/ 3 is two divisions, not a regex
$y = $a /2/ 3
