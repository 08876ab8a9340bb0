class m {
  notify { "a": message => }
}
