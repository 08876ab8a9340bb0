# include without parens with several arguments
include a, b
