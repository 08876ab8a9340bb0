exec { 'one': command => '/bin/true' }
exec { 'two': command => '/bin/true' }
tidy { 't1': path => '/tmp' }
tidy { 't2': path => '/tmp' }
mycmd { 'c1': command => 'x' }
mycmd { 'c2': command => 'x' }
