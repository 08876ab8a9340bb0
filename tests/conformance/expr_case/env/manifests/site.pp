$x = 'Apache2'
$r1 = case $x { 'nginx': { 'n' } /^apache(\d)$/: { "apache v${1}" } default: { 'other' } }
$r2 = case 5 { 1, 2, 3: { 'low' } Integer[4, 6]: { 'mid' } default: { 'high' } }
$r3 = case 'B' { 'a', 'b': { 'ab' } default: { 'no' } }
$list = ['x', 'y']
$r4 = case 'y' { *$list: { 'in-list' } default: { 'no' } }
$r5 = case 'q' { 'z': { 'z' } }
$r6 = case [1, 2] { [1, 2]: { 'array' } default: { 'no' } }
$r7 = case {a => 1} { Hash[String, Integer]: { 'hash-type' } default: { 'no' } }
$r8 = case 3.0 { 3: { 'three' } default: { 'no' } }
$r9 = case 'abc' { default: { 'default-first' } 'abc': { 'exact' } }
notify { 'case': message => [$r1, $r2, $r3, $r4, $r5, $r6, $r7, $r8, $r9] }
