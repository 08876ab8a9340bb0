notify { 'n': message => "${Class['foo bar']}" }
