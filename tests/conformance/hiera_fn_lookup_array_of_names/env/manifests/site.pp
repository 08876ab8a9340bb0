notify { 'first found': message => lookup(['missing1', 'str', 'int']) }
notify { 'second found': message => lookup(['missing1', 'missing2', 'int'], Integer) }
notify { 'none found, default': message => lookup(['m1', 'm2'], String, 'first', 'dflt') }
notify { 'block gets array': message => lookup(['m1', 'm2']) |$k| { "block ${k}" } }
