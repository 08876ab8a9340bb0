# What reverse_each and step give without a block: Iterators, their types and strings.
$r = [1, 2, 3].reverse_each
notify { 'print': message => ["${r}", String($r), "${[1, 2, 3].step(2)}", "${Integer[1, 5].reverse_each}", "${[$r]}", "${{a => $r}}"] }
notify { 'types': message => [
  "${type($r)}", "${type($r, generalized)}", "${type([1, 2, 3, 4, 5].step(2))}",
  "${type(Integer[1, 10].step(3))}", "${type(Integer[1, 9].step(3))}", "${type(Integer[1, 9].reverse_each.step(3))}",
  "${type({a => 1}.reverse_each)}", "${type({}.reverse_each)}", "${type({a => 1}.step(1))}",
  "${type('ab'.reverse_each)}", "${type(3.reverse_each)}", "${type(0.reverse_each)}", "${type(5.step(2))}",
  "${type([].reverse_each)}", "${type([1, 1].reverse_each)}", "${type(Enum[a, b].reverse_each)}",
  "${type([$r])}", "${type([1, 'a', [2]].reverse_each)}",
] }
notify { 'matches': message => [
  $r =~ Iterator, $r =~ Iterator[Integer], $r =~ Iterator[String], $r =~ Iterator[Integer[3]],
  $r =~ Iterable, $r =~ Iterable[Integer], $r =~ Array, $r =~ Collection, $r =~ Any, $r =~ Data,
  $r =~ RichData, $r == $r, $r == [1, 2, 3].reverse_each, 2 in $r, "${Iterator[Integer]}", "${Iterator}",
] }
notify { 'ranges': message => [
  Array(Integer[1, 9].step(3).reverse_each), Array(Integer[1, 9].reverse_each.step(3)), Array(5.step(2)),
  [1, 2, 3].reverse_each.step(2).reverse_each.map |$x| { $x }, Array({a => 1}.reverse_each),
  {a => 1, b => 2}.reverse_each.map |$k, $v| { "${k}${v}" }, {a => 1, b => 2}.step(1).map |$k, $v| { "${k}=${v}" },
  [1, 2].step(1) |$x| { }, [1, 2].reverse_each |$x| { }, [*$r], Array($r),
] }
$h = {$r => 1}
notify { 'key': message => "${h}" }
