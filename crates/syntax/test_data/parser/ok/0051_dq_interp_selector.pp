# selector inside ${} with a bare name as control expression
$x = "${y ? { 'a' => 1, default => 2 }}"
