$greeting = example::greet('web01', 2)
$sums = example::each_pair_sorted({ 'b' => 2, 'a' => 1 }) |$key, $value| {
  "${key}=${$value * 10}"
}
notify { $greeting:
  message => join($sums, ','),
}
