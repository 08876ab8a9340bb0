$os = 'Debian'
$a = $os ? { 'debian' => 'deb', 'RedHat' => 'rpm', default => 'other' }
$b = 42 ? { Integer[0, 10] => 'small', Integer[11, 100] => 'medium', default => 'large' }
$c = 'web07' ? { /^web(\d+)$/ => "web number ${1}", default => 'none' }
$d = 'zzz' ? { 'a' => 1, default => 2 }
$e = [1, 'x'] ? { [1, /x/] => 'array-match', default => 'no' }
$f = 3 ? { *[1, 2, 3] => 'splat', default => 'no' }
$g = undef ? { undef => 'undef-matched', default => 'no' }
$h = 'b' ? { ['a', 'b'] => 'array-option', default => 'no' }
notify { 'sel': message => [$a, $b, $c, $d, $e, $f, $g, $h] }
