class outer {
  class inner {
    notify { 'inner': }
  }
}
