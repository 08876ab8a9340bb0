# the type keyword can be a method name
$x = $y.type
