# attribute without value
file { 'a': mode => }
