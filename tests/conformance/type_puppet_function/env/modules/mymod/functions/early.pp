function mymod::early(Integer $n) >> String {
  if $n < 0 { return('negative') }
  [1, 2, 3].each |$i| { if $i == 2 { return("found ${i} for ${n}") } }
  'unreachable'
}
