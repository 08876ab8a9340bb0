# selector options: regex, type, array, string, default
$x = $y ? {
  /a/      => 1,
  Integer  => 2,
  [1, 2]   => 3,
  'b'      => 4,
  default  => 5,
}
