notify { 'str': message => lookup('str') }
notify { 'int': message => lookup('int') }
notify { 'float': message => lookup('float') }
notify { 'bool': message => lookup('bool') }
notify { 'nothing': message => lookup('nothing', undef, undef, 'dflt') }
notify { 'arr': message => lookup('arr') }
notify { 'h': message => lookup('h', Hash, 'deep') }
