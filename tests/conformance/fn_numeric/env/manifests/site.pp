notify { 'n': message => [abs(-5), abs(-2.5), abs(3), floor(2.7), floor(-2.2), ceiling(2.1), ceiling(-2.9), round(2.5), round(-2.5), round(2.4), round(3), floor(5), abs('-7'), floor('2.5')] }
