$t = "line one\n<%= [1, 2 %>\n"
notify { "x": message => inline_epp($t) }
