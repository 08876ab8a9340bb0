notify { 'x': tag => 'not valid' }
