notify { 'x': message => dig({'a' => 5}, 'a', 'b') }
