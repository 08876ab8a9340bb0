notify { 'hello': message => "x${1 + 2}" }
