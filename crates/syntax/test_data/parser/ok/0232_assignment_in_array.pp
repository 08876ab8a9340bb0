# assignment inside an array literal
$y = [$x = 1]
