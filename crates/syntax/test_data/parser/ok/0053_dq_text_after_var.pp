# after $var, [ . - and a trailing :: are plain text
$x = "$y[1] $y.upcase $y-z $y::"
