notify { 'add': message => [1 + 2 * 3, (1 + 2) * 3, 10 - 3 - 2, 0x1F + 1, 017 + 1, -5 + 2] }
notify { 'div': message => [7 / 2, -7 / 2, 7 / -2, -7 / -2, 6 / 3, 0 / 5] }
notify { 'mod': message => [7 % 3, -7 % 3, 7 % -3, -7 % -3, 6 % 3] }
notify { 'shift': message => [1 << 3, 16 >> 2, -16 >> 2, 1 << 62, 5 << -1, 5 >> -1] }
notify { 'unary': message => [-(3), - -4, -(1 - 5)] }
