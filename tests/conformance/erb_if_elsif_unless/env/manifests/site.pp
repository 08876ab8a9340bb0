$x = 'b'
$n = 5
notify { 't': message => template('app/t.erb') }
