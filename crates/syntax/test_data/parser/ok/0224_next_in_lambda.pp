# next with and without value in lambdas
[1].each |$x| { next }
$y = [1].map |$x| { next($x) }
