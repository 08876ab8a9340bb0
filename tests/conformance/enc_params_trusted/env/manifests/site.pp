notify { 'trusted': message => $trusted }
