$x = "abc
