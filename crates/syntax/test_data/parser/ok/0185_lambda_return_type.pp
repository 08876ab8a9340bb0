# lambda with return type
$x = [1].map |$v| >> Integer { $v }
