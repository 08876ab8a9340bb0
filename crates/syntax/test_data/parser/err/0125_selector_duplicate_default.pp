# selector with two defaults
$x = $y ? { default => 1, default => 2 }
