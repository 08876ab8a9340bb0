notify { 'group': message => [group_by([1, 2, 3, 4]) |$x| { $x % 2 }, group_by({'a' => 1, 'b' => 2}) |$k, $v| { $v > 1 }, ['one', 'two', 'three'].group_by |$s| { $s.length }] }
$acc = [[1, [2, 3]], {'a' => 4}].tree_each.map |$v| { $v }
notify { 'tree': message => $acc }
notify { 'partition': message => [[1, 2, 3, 4].partition |$x| { $x > 2 }, {'a' => 1, 'b' => 5}.partition |$k, $v| { $v > 2 }] }
