# an unless producing only values before another statement
unless $x { 1 }
notice(1)
