$opts = {'a' => true, 'b' => false, 'c' => 'str'}
notify { 't': message => template('app/t.erb') }
