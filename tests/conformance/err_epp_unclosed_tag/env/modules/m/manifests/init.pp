class m {
  notify { "a": message => epp("m/t") }
}
