# the result of a call cannot be called
notice(1) (2)
