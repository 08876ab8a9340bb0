# selector with default
$x = $y ? {
  'a'     => 1,
  default => 2,
}
