$v = 'version-1.2.3'
notify { 't': message => template('app/t.erb') }
