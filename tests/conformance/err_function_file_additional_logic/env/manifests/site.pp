# Code beside the function in an environment function file: additional logic.
notice(h())
