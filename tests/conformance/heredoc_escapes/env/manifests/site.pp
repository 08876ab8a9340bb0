$x = 'X'
$a = @("EOT"/tn)
  a\tb\nc \\ ${x} \$ \"
  | EOT
$b = @(EOT/L)
  one \
  two
  | EOT
$c = @("EOT"/$)
  price \$5 ${x}
  | EOT
$d = @(EOT/s)
  sp\sace \t
  | EOT
$e = @("EOT")
  no escapes \t \n ${x}
  | EOT
notify { 'h': message => [$a, $b, $c, $d, $e] }
