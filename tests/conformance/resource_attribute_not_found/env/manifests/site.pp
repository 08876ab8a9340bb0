notify { 'c': message => Notify[b]['message'] }
notify { 'b': message => 'later' }
