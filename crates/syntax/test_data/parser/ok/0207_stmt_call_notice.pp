# notice without parens
notice 'x'
