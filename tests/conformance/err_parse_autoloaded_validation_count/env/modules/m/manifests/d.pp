define m::d() {
  foo { }
  bar { }
}
