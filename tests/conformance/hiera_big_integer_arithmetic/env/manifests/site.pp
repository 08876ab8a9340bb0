notice(lookup("big") + 1)
