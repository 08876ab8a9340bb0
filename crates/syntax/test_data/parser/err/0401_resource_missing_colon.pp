# resource title without colon
file { 'a' }
