$base = 10
$r = [1, 2].map |$x| {
  [3, 4].map |$y| { $base + $x * $y }
}
$h = {'a' => [1, 2], 'b' => [3]}.reduce({}) |$memo, $kv| {
  $memo + { $kv[0] => $kv[1].reduce(0) |$s, $v| { $s + $v } }
}
notify { 'n': message => [$r, $h] }
