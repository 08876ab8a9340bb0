notice(regsubst('a', '[', 'b'))
