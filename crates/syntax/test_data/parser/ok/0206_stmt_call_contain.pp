# contain without parens
contain x::y
