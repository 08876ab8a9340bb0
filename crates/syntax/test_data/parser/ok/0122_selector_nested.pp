# selector inside a selector
$x = $y ? {
  1       => $z ? { 'a' => 'one-a', default => 'one' },
  default => 'other',
}
