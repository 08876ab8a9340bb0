# an interpolated string before another statement
"a${x}"
notice(1)
