# a lambda needs a parameter list
[1].each { }
