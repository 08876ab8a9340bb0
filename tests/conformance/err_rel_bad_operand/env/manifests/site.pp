notify { 'a': }
Notify['a'] -> 'just a string'
