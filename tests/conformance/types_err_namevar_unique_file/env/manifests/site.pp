file { 'a': path => '/x' }
file { 'b': path => '/x' }
