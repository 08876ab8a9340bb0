# assignment to a literal
1 = 2
