# access requires at least one key
$x = $y[]
