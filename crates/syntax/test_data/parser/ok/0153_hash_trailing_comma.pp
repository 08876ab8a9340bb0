# hash with trailing comma
$x = {
  'a' => 1,
  'b' => 2,
}
