# array spanning lines
$x = [
  'a',
  'b',
]
