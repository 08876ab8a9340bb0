include ntp
notify { 'config': message => lookup('ntp::config') }
