notice(String(lookup('k_inf'), '%d'))
