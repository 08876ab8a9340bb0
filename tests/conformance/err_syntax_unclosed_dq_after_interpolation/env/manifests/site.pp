$x = "a${b.upcase}cd
