# The main manifest ends in the middle of an expression.
notice(1 +
