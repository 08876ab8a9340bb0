notify { 'reverse': message => [[1, 2, 3].reverse_each.map |$x| { $x * 2 }, Array([1, 2, 3].reverse_each), {a => 1, b => 2}.reverse_each.map |$x| { $x }, 'abc'.reverse_each.map |$x| { $x }, 3.reverse_each.map |$x| { $x }, [1,2,3].reverse_each.filter |$x| { $x > 1 }, [3,1,2].reverse_each.reduce |$a, $b| { $a + $b }] }
notify { 'step': message => [Array(1.step(3)), [1,2,3,4,5].step(2).map |$x| { $x }, Integer[1,5].step(2).map |$x| { $x }, ['a','b','c'].slice(2).map |$x| { $x }] }
notify { 'integers': message => [5.map |$x| { $x * 10 }, Integer[1, 3].map |$x| { $x }, Integer[1, 3].reverse_each.map |$x| { $x }] }
notify { 'types': message => [[1, 2] =~ Iterable, 3 =~ Iterable, 'ab' =~ Iterable[String], Integer[1,3] =~ Iterable, [1, 2].reverse_each =~ Iterable, "${Iterable[Integer]}", "${Iterator[String]}"] }
$seen = [1, 2].reverse_each |$x| { notify { "each ${x}": } }
3.each |$x| { notify { "int ${x}": } }
'ab'.each |$c| { notify { "char ${c}": } }
Integer[7, 8].each |$x| { notify { "type ${x}": } }
