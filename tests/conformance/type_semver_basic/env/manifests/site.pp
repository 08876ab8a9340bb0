$v = SemVer('1.2.3-rc.1+b')
notify { 'str': message => "v=${v}" }
notify { 'val': message => $v }
notify { 'arr': message => [SemVer('2.0.0'), SemVer({major => 1, minor => 2, patch => 3, prerelease => 'alpha'})] }
notify { 'ints': message => "${SemVer(1, 2, 3)} ${SemVer(1, 2, 3, 'x.1', 'b7')}" }
notify { 'cmp': message => [SemVer('1.2.3') < SemVer('1.10.0'), SemVer('1.0.0-rc.1') < SemVer('1.0.0'), SemVer('1.0.0') == SemVer('1.0.0+b'), SemVer('1.0.0-alpha.2') > SemVer('1.0.0-alpha.10'), SemVer('1.0.0-alpha') < SemVer('1.0.0-alpha.1'), SemVer('2.0.0') >= SemVer('2.0.0')] }
notify { 'type': message => ["${type($v)}", $v =~ SemVer, '1.2.3' =~ SemVer, "${SemVer['>=1.0 <2.0']}"] }
notify { 'gen': message => ["${type($v, 'generalized')}", SemVer['>=1.0'] < SemVer, SemVer('1.0.0') != SemVer('1.0.1'), "${SemVer('1.0.0')}" == '1.0.0'] }
