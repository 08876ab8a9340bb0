notify { 't': message => template('app/missing.erb') }
