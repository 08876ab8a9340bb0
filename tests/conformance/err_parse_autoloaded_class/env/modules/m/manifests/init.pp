class m {
  $x = 1 +
}
