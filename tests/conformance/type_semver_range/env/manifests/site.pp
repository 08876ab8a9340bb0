$r = SemVerRange('>=1.0 <2.0')
notify { 'str': message => "r=${r} ${SemVerRange('~1.2')} ${SemVerRange('^1.2.3')} ${SemVerRange('1.x')} ${SemVerRange('1.2.3 - 1.4')} ${SemVerRange('>=1.0.0 || <0.5')} ${SemVerRange('*')} ${SemVerRange('1.2.3')}" }
notify { 'val': message => $r }
notify { 'match': message => [SemVer('1.5.0') =~ $r, SemVer('2.0.0') =~ $r, SemVer('1.5.0') =~ SemVer['>=1.0'], SemVer('0.5.0') =~ SemVer['>=1.0', '<0.6'], SemVer('1.2.9') =~ SemVerRange('~1.2'), SemVer('1.3.0') =~ SemVerRange('~1.2'), SemVer('1.9.0') =~ SemVerRange('^1.2.3'), SemVer('2.0.0-rc1') =~ SemVerRange('>=1.0'), SemVer('1.4.7') =~ SemVerRange('1.2.3 - 1.4')] }
notify { 'new': message => ["${SemVerRange(SemVer('1.0.0'), SemVer('2.0.0'))}", "${SemVerRange(SemVer('1.0.0'), SemVer('2.0.0'), true)}", "${SemVerRange({min => SemVer('1.0.0'), max => SemVer('2.0.0')})}"] }
notify { 'type': message => ["${type($r)}", $r =~ SemVerRange] }
notify { 'more': message => [SemVer('1.0.0-rc.2') =~ SemVerRange('>=1.0.0-rc.1'), SemVer('0.2.5') =~ SemVerRange('^0.2.3'), SemVer('0.3.0') =~ SemVerRange('^0.2.3'), SemVer('1.0.1') =~ SemVerRange('>1.0'), SemVer('1.1.0') =~ SemVerRange('>1.0'), SemVer('1.0.9') =~ SemVerRange('<=1.0'), SemVer('0.4.0') =~ SemVerRange('>=1.0.0 || <0.5'), SemVer('1.4.0') =~ SemVerRange('1.2.3 - 1.4'), SemVer('1.4.0') =~ SemVerRange('~> 1.4'), '1.5.0' =~ $r] }
