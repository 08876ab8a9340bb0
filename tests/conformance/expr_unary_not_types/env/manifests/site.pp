$t = Integer
notify { 'u': message => [!$t, -(1.5), - 2, !!'x', [1, 2] == [1, 2] and !([] == [1])] }
notify { 'ternary_like': message => [if 1 in [1, 2] { 'yes' }, 'b' in ['A', 'B'], 'x' in [/x/, 'y'], 1 in ['1']] }
