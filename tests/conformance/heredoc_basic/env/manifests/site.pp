$who = 'world'
$a = @(EOT)
  plain $who ${who}
    indented
  EOT
$b = @("EOT")
  hello ${who}
  second
  | EOT
$c = @("EOT")
    margin ${who}
      keeps extra
    | EOT
$d = @(EOT)
no trailing newline
- EOT
$e = @(EOT)
    -trimmed both
    |- EOT
notify { 'h': message => [$a, $b, $c, $d, $e] }
