# function call without arguments followed by a lambda
with() || { notice(1) }
