notify { 'r': require => Notify }
