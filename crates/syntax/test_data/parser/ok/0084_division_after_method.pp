# division after a method name
$y = $x.length / 2 / 1
