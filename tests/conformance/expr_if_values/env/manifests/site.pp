$a = if true { 'yes' } else { 'no' }
$b = if false { 'yes' }
$c = unless false { 'un' } else { 'less' }
$n = 5
$d = if $n < 3 { 'lt3' } elsif $n < 6 { 'lt6' } else { 'big' }
$e = if '' { 'empty-string-true' } else { 'false' }
$f = if [] { 'empty-array-true' } else { 'false' }
$g = if undef { 'x' } else { 'undef-false' }
$h = if 0 { 'zero-true' } else { 'false' }
$i = unless $n == 5 { 'no' }
notify { 'if': message => [$a, $b, $c, $d, $e, $f, $g, $h, $i] }
