$v = pick(undef, '')
