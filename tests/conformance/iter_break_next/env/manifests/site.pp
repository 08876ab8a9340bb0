$collected = [1, 2, 3, 4, 5].map |$x| {
  if $x == 2 { next('two') }
  if $x == 4 { break() }
  $x
}
$found = [10, 20, 30].each |$x| { if $x == 20 { break() } }
$filtered = [1, 2, 3, 4].filter |$x| { if $x == 3 { next(true) } false }
$red = [1, 2, 3].reduce |$m, $x| { if $x == 2 { next($m) } $m + $x }
notify { 'bn': message => [$collected, $found, $filtered, $red] }
