notify { 'zz': }
