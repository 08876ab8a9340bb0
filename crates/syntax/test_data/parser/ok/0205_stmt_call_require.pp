# require without parens
require x
