# function call with trailing comma
notice(1, 2,)
