$nm = 'web'
notify { 't': message => template('app/t.erb') }
