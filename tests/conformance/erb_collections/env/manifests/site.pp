$l = ['b', 'a', 'c', 'a', undef]
$n = [3, 1, 2]
notify { 't': message => template('app/t.erb') }
