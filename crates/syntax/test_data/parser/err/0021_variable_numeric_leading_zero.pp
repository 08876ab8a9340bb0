# numeric variables must be decimal without leading zero
$x = $01
