# break in a lambda
[1].each |$x| { break }
