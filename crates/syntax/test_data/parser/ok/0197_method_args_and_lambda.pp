# method call with arguments and a lambda
$x = [1].reduce(0) |$m, $v| { $m + $v }
