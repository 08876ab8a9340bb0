# whitespace and newlines around the dot
$a = $y .foo
$b = $y.
foo
$c = $y
.foo
