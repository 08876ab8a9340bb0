notify { 'x': message => SemVerRange('>=1.0 <<2') }
