$sum = [1, 2, 3, 4].reduce |$memo, $x| { $memo + $x }
$cat = ['a', 'b', 'c'].reduce('>') |$memo, $x| { "${memo}${x}" }
$h = [['a', 1], ['b', 2]].reduce({}) |$memo, $p| { $memo + {$p[0] => $p[1]} }
$one = [5].reduce |$m, $x| { $m * 100 }
$empty = [].reduce |$m, $x| { $m }
$int = 5.reduce |$m, $x| { $m + $x }
notify { 'reduce': message => [$sum, $cat, $h, $one, $empty, $int] }
