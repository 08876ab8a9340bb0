# no interpolation in single-quoted strings
$x = '$x ${y} \$z'
