notify { 'n': require => Frobnicate['x'] }
