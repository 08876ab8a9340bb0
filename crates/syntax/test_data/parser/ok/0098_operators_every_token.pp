# every operator token in a valid position
$a = 1 + 2 - 3 * 4 / 5 % 6 << 7 >> 8
$b = 1 == 2 or 1 != 2 and !(1 < 2) and 1 <= 2 and 1 > 2 and 1 >= 2
$c = $s =~ /x/ and $s !~ /y/ and 1 in [1]
$d = $s ? { default => *[1] }
File['a'] -> File['b'] ~> File['c'] <- File['d'] <~ File['e']
@file { 'v': }
@@file { 'e': }
File <| title == 'v' |> { mode +> '0644' }
File <<| |>>
$e = [1].map |$v| { $v }.size
