$f = [
 sprintf('%#x|%#o|%#b|%#X|%#B', 255, 8, 5, 255, 5), sprintf('%-10s|', 'ab'), sprintf('%05.2f', 3.14159), sprintf('%p', 'q'), sprintf('%p', 1), sprintf('%p', [1,'a', undef]),
 sprintf('%{a}-%{b}', {'a'=>1, 'b'=>'x'}), sprintf('%<a>05d', {'a'=>3}), sprintf('%10.4s|', 'abcdefgh'), sprintf('%+.3e', 12345.6789), sprintf('%E', 0.000123),
 sprintf('%g|%g|%g|%g', 100000, 1000000, 0.0001, 0.00001), sprintf('%G', 1e-10), sprintf('%a', 1.0), sprintf('%a|%A', 0.1, -3.5), sprintf('%s', 1.0), sprintf('%s', 1e20), sprintf('%d', 3.99), sprintf('%d', -3.99),
 sprintf('%x', -255), sprintf('%o', -8), sprintf('%b', -5), sprintf('%#x', -255), sprintf('%+x', -255), sprintf('%08x', -255), sprintf('%.5x', -255), sprintf('% x', 255), sprintf('%#X', -255), sprintf('%#o', -8),
 sprintf('%.0f', 2.5), sprintf('%.0f', 3.5), sprintf('%.2f', 1.005), sprintf('%5.1s|', 'xyz'), sprintf('%c', 'h'), sprintf('%c', 0x1F600), sprintf('%5c|', 233), sprintf('%-3c|', 'x'),
 sprintf('%s %s', 'a', 'b'), sprintf('%2$s %1$s', 'a', 'b'), sprintf('%1$s %2$s %1$s', 'a', 'b'), sprintf('%*d', 5, 1), sprintf('%-*d|', 5, 1), sprintf('%.*f', 2, 3.14159), sprintf('%1$*2$d|', 1, 5), sprintf('%*d|', -5, 1),
 sprintf('%s', true), sprintf('%s', {}), sprintf('% x', 255), sprintf('%+x', 255), sprintf('%08.3e', 1.5), sprintf('%s', Integer), sprintf('%s', /ab/), sprintf('%p', /ab/), sprintf('%f', 1), sprintf('%f', '2.5'), sprintf('%d', '0x10'), sprintf('%d', '010'),
 sprintf('%i', 7), sprintf('%u', 7), sprintf('%-+08d|', 42), sprintf('%.3d', 7), sprintf('%#.3g', 1.0), sprintf('%.10g', 1.0/3), sprintf('%d', 1e20), sprintf('%x', 1e20), sprintf('%s', undef), sprintf('%p', undef), sprintf('%5s|', undef),
 sprintf('%.0d|', 0), sprintf('%#.0o|', 0), sprintf('%#.3o', 8), sprintf('%+o', -8), sprintf('%#.0f', 3), sprintf('%#.0f', 3.0), sprintf('%f', 12345678901234), sprintf('%+f', 3), sprintf('% f', 3), sprintf('%010.2f', -3.14159), sprintf('%-010.2f|', -3.14159),
 sprintf('%5.3e|', 0), sprintf('%g', 999999.5), sprintf('%.3g', 1234.5), sprintf('%#g', 1.0), sprintf('%g', -0.0), sprintf('%a', 0.0), sprintf('%.2a', 1.0), sprintf('%10a|', 1.0), sprintf('%e', '1_000'), sprintf('%d', '1_000'), sprintf('%d', ' 12 '),
 sprintf('%d', '0b101'), sprintf('%d', '0o17'), sprintf('%d', '017'), sprintf('%x', 3.7), sprintf('%<a>s %<a>d', {'a'=>1}), sprintf('%{a}s', {'a'=>1}), sprintf('%-5{a}|', {'a'=>1}), sprintf('%.1{a}|', {'a'=>'xyz'}), sprintf('%<a>5.1f|', {'a'=>3.14159}),
 sprintf('%s', default), sprintf('%p', default), sprintf('%s', [default, undef]), sprintf('%s', Sensitive('x')), sprintf('%s', 1.5e-7), sprintf('%s', File['/x']), sprintf('%s', 'é'), sprintf('%.2s', 'héllo'),
 sprintf('%.20f', 0.1), sprintf('%e', 1e100), sprintf('%s', {'a'=>[1, {'b'=>undef}]}), sprintf('%<a>s', {'a'=>undef}), sprintf("%\n"), sprintf('%0s|', 1), sprintf('%s %s', 'a', 'b', 'c'), sprintf('%s', 'a%b'),
]
notify { 'f': message => $f }
