# in with array, string and hash
$x = [1 in [1], 'a' in 'abc', 'k' in { 'k' => 1 }]
