# function call with parentheses
notice(1)
