# SemVerRanges are equal when they admit the same versions, however they are written;
# they keep their text.
$a = SemVerRange('>=1.0 <2.0')
$b = SemVerRange('>=1.0.0 <2.0.0')
notify { 'eq':
  message => [$a == $b, $a == SemVerRange('1.x'), $a == SemVerRange('>=1.0 <=2.0'), [$a] == [$b], $a, "${b}",
    { $a => 'x' }[$b], SemVerRange('~> 1.4') == SemVerRange('>=1.4.0 <1.5.0'), SemVer('1.5.0') =~ SemVerRange('~> 1.4')],
}
