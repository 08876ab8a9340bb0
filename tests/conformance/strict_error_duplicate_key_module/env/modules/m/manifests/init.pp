class m {
  notice({ x => 1, 'x' => 2 })
}
