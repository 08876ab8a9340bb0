# Hash + Array: an array of arrays is a list of [key, value] tuples (a one-element
# tuple is a key with an undef value); any other array is a flat key, value list.
$base = { 'a' => 1 }
$tuples = $base + [['b', 2], ['c']]
$flat = $base + ['d', [4, 5]]
$empty = $base + []
notify { 'tuples': message => $tuples }
notify { 'flat': message => $flat }
notify { 'empty': message => $empty }
