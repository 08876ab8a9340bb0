notify { 'x': message => SemVer('1.2') }
