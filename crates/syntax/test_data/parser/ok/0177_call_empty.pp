# function call without arguments
notice()
