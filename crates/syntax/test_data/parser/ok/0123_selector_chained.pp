# selector applied to the result of a selector
$x = $y ? { 1 => a, default => b } ? { a => 1, default => 2 }
