# arguments of a statement call can span lines (also across comments)
notice 'a', # c
  'b'
