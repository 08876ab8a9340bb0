$r = example::each_pair_sorted({ 'a' => 1, 'b' => 2 }) |$k, $v| {
  if $k == 'b' { fail("stop at ${k}") }
  $v
}
notice($r)
