# A module type with two key attributes and title patterns.
mykey { 'k@rsa': }
mykey { 'other': name => 'k', keytype => 'rsa' }
