# -> and ~> between references
File['a'] -> File['b'] ~> Service['c']
