# case used as a value
$x = case $y {
  1:       { 'one' }
  default: { 'other' }
}
