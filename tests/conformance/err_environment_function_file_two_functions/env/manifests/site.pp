# Two functions in an environment function file: additional definitions.
notice(h())
