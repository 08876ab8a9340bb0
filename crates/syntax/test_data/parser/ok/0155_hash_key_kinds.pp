# hash keys can be any expression
$x = {
  bare      => 1,
  'sq'      => 2,
  1         => 3,
  1.5       => 4,
  default   => 5,
  undef     => 6,
  true      => 7,
  Integer   => 8,
  $y        => 9,
  "${z}"    => 10,
  (1 + 1)   => 11,
  [1]       => 12,
  { a => 1 } => 13,
}
