$x = "a$b c
