# A lambda parameter cannot be named $facts either.
$r = [1, 2].map |$facts| { $facts * 2 }
notice($r)
