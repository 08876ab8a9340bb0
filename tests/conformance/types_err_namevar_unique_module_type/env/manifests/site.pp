mypath { 'a': path => '/x' }
mypath { 'b': path => '/x' }
