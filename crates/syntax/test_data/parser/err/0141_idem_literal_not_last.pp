# a literal before another statement: value lost
1
notice(1)
