$x = 'outer'
notify { 't': message => template('app/outer.erb') }
