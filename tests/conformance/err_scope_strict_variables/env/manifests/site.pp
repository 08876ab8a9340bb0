notify { 'x': message => $nosuch }
