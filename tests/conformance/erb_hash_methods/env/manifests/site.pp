$h = {'b' => 2, 'a' => 1, 'c' => undef}
notify { 't': message => template('app/t.erb') }
