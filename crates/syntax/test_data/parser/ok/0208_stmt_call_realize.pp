# realize with and without parens
realize(User['a'])
realize User['b'], User['c']
