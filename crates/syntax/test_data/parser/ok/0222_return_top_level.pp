# return at top level is accepted by the validator
return
