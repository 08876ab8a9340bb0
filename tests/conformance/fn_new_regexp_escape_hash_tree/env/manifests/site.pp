# Regexp.new's second argument escapes the string; Hash.new with 'tree' or
# 'hash_tree' builds nested hashes from [path, value] entries.
$t = [[[0], 'a'], [[1], 'b'], [[2, 'x'], 'c'], [['k'], 'v'], [['k2', 0], 'w'], [['k2', 2], 'z']]
notify { 'r': message => [
  String(Regexp('a.b', true)), String(Regexp('a.b (c)[d]{e}|f*+?^$#-', true)), String(Regexp('a.b', false)),
  Hash($t, 'tree'), Hash($t, 'hash_tree'),
  Hash([[['a','b'], 1], [['a','c'], 2]], 'tree'),
  Hash([[['a', 'b'], 2], [['a'], 1]], 'hash_tree'),
  Hash([[['a', 0], 2], [['a', 1], 3]], 'tree'),
  Hash([[['a'], [1, [2]]], [['b'], {'x' => [3]}]], 'tree'),
  Hash([[['a'], [1, [2]]], [['b'], {'x' => [3]}]], 'hash_tree'),
  Hash([[['a'], 1], [['a'], 2]], 'tree'),
  Hash([[['a'], {'p' => 1}], [['a', 'q'], 2]], 'tree'),
  Hash([[['a'], [5]], [['a', 1], 2]], 'tree'),
  Array(undef, true), Integer(1, default), Integer('10', 16, true), String(5, default),
]}
