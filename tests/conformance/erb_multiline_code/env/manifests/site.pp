$l = ['a', 'b', 'c']
notify { 't': message => template('app/t.erb') }
