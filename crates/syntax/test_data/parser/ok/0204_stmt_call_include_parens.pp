# include with parens
include(a)
