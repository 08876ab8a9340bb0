class broken {
  fail('broken on purpose')
}
