# lambda body may end with a value
$x = [1].map |$v| { $v }
