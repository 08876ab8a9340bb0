class a::b::c {
  $value = 'deep value'
  $list = [1, 2]
}
