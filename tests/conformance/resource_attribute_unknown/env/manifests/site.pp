notify { 'b': message => 'hello' }
notify { 'c': message => Notify[b]['title'] }
