$x = 'v'
notify { 't': message => template('app/t.erb') }
