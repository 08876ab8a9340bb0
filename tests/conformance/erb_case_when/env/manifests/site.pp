$os = ['Debian', 'RedHat', 'Other', '7']
notify { 't': message => template('app/t.erb') }
