$v = SemVer('1.5.0')
$r = case $v { SemVer['>=2']: { 'two' } SemVer['>=1']: { 'one' } default: { 'none' } }
notify { 'eq': message => [Timespan(60) == 60, Timespan(60) != Timespan(61), $r, [$v] == [SemVer('1.5.0')], $v in [SemVer('1.5.0')], Binary('aGk=') == 'aGk='] }
