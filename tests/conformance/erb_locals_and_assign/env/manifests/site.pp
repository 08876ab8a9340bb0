$l = ['x', 'y']
notify { 't': message => template('app/t.erb') }
