# selector brace on the next line
$x = $y ?
  { 1 => 2, default => 3 }
