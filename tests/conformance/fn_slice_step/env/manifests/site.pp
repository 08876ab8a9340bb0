notify { 'slice': message => [slice([1, 2, 3, 4, 5], 2), [1, 2, 3, 4].slice(2).map |$p| { $p }, slice({'a' => 1, 'b' => 2, 'c' => 3}, 2), [1, 2, 3, 4, 5, 6].slice(3) |$a, $b, $c| { $a + $b + $c }] }
notify { 'step': message => [[1, 2, 3, 4, 5, 6, 7].step(3).map |$x| { $x }, Integer[0, 10].step(5).map |$x| { $x }, 10.step(4).map |$x| { $x }] }
