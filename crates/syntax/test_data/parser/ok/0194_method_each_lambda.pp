# method call with a two parameter lambda
$x.each |$k, $v| { notice($k) }
