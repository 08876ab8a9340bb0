notify { 'x': message => Timestamp(0) * 2 }
