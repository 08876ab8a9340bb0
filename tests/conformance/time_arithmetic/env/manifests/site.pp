$a = Timestamp('2024-03-01T12:00:00.5 UTC')
$b = Timestamp('2024-01-01', '%F', '+02:00')
notify { 'stamp': message => $a }
notify { 'span': message => $a - $b }
notify { 'mixed': message => [$a + 1.25, $b - Timespan({hours => 3}), Timespan(10) / 4, Timespan(10) / Timespan(4), 3 - Timespan(1)] }
notify { 'keys': message => { 'when' => $a, 'cmp' => [$a > $b, $a == $a + 0, Timespan(3) < 4, Timestamp(5) >= 5.0] } }
notify { 'types': message => [Timestamp['2023-01-01', '2024-12-31'], type($a), type($a, 'generalized'), $a =~ Timestamp['2024-01-01'], $b =~ Timestamp[default, '2023-12-31T23:00:00 UTC']] }
notify { 'fmt': message => [$a.strftime('%G-W%V-%u %U %W %c'), strftime($b, '%FT%T%:z', '-03:30'), Timespan(93784.5).strftime('%D days %H:%M:%S.%L'), Integer(Timespan(90.9)), Float($a - $b)] }
notify { "title ${a}": }
notify { 'spantypes': message => [Timespan[1, 2], Timespan[default, '00:00:03'], Timestamp[default, 5], type(Timespan(3))] }
