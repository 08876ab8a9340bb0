$u = undef
$t = true
$f = false
$arr = [1, 'two', undef, [3], true]
$h = {'a' => 1, 'b' => 'x', 'c' => [2], 'd' => {'e' => undef}}
notify { 'scalars': message => "u=[${u}] t=${t} f=${f} d=${default}" }
$fl = [1.0, 3.5, 1e20, 1.0e-5, 0.1, 2.0e15, 1.0e16, 123456789.123, 100.0, -0.0, 1.5e300, 2.5e-5, 1e16, 12345678901234567.0]
notify { 'floats': message => "${fl[0]} ${fl[1]} ${fl[2]} ${fl[3]} ${fl[4]} ${fl[5]} ${fl[6]} ${fl[7]} ${fl[8]} ${fl[9]} ${fl[10]} ${fl[11]} ${fl[12]} ${fl[13]}" }
notify { 'numvar': message => "i=${42} n=${-7}" }
notify { 'collections': message => "a=${arr} h=${h} e=${[]} eh=${{}}" }
$re = /ab+c/
$re2 = /a\/b/
notify { 'types': message => "${Integer} ${re} ${String[1]} ${File['/x']} ${re2}" }
notify { 'quotes': message => "${['it\'s', "q\"d"]} ${{'k' => "a'b"}}" }
