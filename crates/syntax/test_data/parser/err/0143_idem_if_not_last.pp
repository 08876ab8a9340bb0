# an if producing only values before another statement
if true { 1 }
notice(1)
