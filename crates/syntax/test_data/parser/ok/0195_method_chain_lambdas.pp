# chained method calls with lambdas
$x = $y.filter |$v| { $v > 1 }.map |$v| { $v * 2 }
