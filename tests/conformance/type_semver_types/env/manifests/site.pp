$v = SemVer('1.2.3')
$t = Timespan(5)
$r = SemVerRange('>=1')
$b = Binary('aGk=')
notify { 'scalar': message => [$v =~ Scalar, $t =~ Scalar, $r =~ Scalar, $b =~ Scalar, $v =~ RichData, $b =~ RichData, $v =~ Data, $t =~ ScalarData] }
notify { 'assign': message => [SemVer <= Scalar, Timespan['00:00:01'] <= Timespan, SemVer['>=1'] <= SemVer, Binary <= Any] }
notify { 'hash': message => {$v => 'a', 'k' => [$t, $r, $b]} }
notify { 'interp': message => "${[$v, $t]} ${{a => $b}}" }
class c(SemVer['>=1.0'] $x, Timespan $y) { notify { 'c': message => "${x} ${y}" } }
class { 'c': x => SemVer('1.5.0'), y => Timespan(60) }
