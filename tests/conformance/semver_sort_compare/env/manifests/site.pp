$v = [SemVer('1.2.3'), SemVer('1.10.0-rc.1'), SemVer('1.10.0'), SemVer('0.9.9+b1'), SemVer(2, 0, 0), SemVer({major => 3, minor => 1, patch => 4, prerelease => 'alpha'})]
notify { 'sorted': message => sort($v) }
notify { 'minmax': message => [max($v), min($v), max(*$v), max([1, 5, 3]) |$a, $b| { compare($b, $a) }] }
notify { 'compare': message => [compare(SemVer('1.2.3'), SemVer('1.2.3-rc')), compare(SemVer('1.0.0+b'), SemVer('1.0.0')), compare(Timespan(1), Timespan(2)), compare(Timestamp(1), 2), compare(1, Timespan(2)), compare('a', 'B'), compare('a', 'B', false), compare(1, 2.5)] }
notify { 'ranges': message => [SemVer('1.2.3') =~ SemVerRange('>=1.0.0 <2.0.0'), SemVer('1.2.3') in SemVerRange('~1.2'), '1.3.0' in SemVerRange('~1.2'), SemVer('2.0.0') =~ SemVerRange('1.x || 2.0.0'), SemVer('1.2.3') =~ SemVer['>=1.0.0'], SemVer('1.0.0') in [SemVer('1.0.0')], SemVer('1.2.3') == SemVer('1.2.3+b')] }
notify { 'prerelease': message => sort([SemVer('1.0.0'), SemVer('1.0.0-alpha'), SemVer('1.0.0-alpha.1'), SemVer('1.0.0-beta.11'), SemVer('1.0.0-beta.2'), SemVer('1.0.0-rc.1')]) }
notify { 'mixed': message => [sort([3, 1.5, 2]), sort(['b', 'A', 'c']), sort([Timespan(3), Timespan(1)]), sort([Timestamp(3), Timestamp(1)]), max(1, 2.5, 2), min('b', 'A', 'c'), max([Timespan(3), Timespan(1)]), min(Timestamp(3), Timestamp(1)), max('10', '9'), max(1, '9'), sort([3, 1, 2]) |$a, $b| { $b - $a }] }
