# An integer beyond 64 bits from Hiera (a Ruby Bignum): looked up, printed, compared
# and type checked; only a resource attribute refuses it.
$b = lookup('big')
$n = lookup('neg')
notify { 'print': message => ["${b}", "${n}", "${lookup('hex')}", "${lookup('arr')}", lookup('msg'), String($b), "${[$b]}", "${{$b => 1}}", "${-$b}", "${-$n}"] }
notify { 'types': message => [
  $b =~ Integer, $b =~ Integer[0], $b =~ Integer[0, 100], $b =~ Integer[default, 5], $n =~ Integer[default, 5],
  $n =~ Integer[0], $b =~ Numeric, $b =~ Float, $b =~ Scalar, $b =~ Data, $b =~ RichData, $b =~ ScalarData,
  "${type($b, generalized)}", "${type([$b, 1], generalized)}",
] }
notify { 'compare': message => [
  $b == $b, $b < $b, $b > 1, $n < 1, $n < $b, [$b] == [$b], $b in [$b], $b == 12345678901234567890.0,
  $b > 1.5e19, $b < 1.3e19, "${max($b, 3)}", "${min($n, 3)}", "${sort([$b, 1, $n])}", {$b => 1}[$b],
] }
notify { 'arithmetic': message => [$b - $b, $b * 0, $b / 10, $b % 7, $b + 1.5, $n + $b] }
