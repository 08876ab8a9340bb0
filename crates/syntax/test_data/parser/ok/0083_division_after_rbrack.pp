# division after ]
$y = $a[1] / 2 / 1
