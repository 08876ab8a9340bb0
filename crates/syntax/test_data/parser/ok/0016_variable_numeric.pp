# numeric match variables $0 $1 $10
$x = [$0, $1, $10]
