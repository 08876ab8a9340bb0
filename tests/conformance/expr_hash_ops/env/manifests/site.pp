$h = {a => 1, b => 2}
notify { 'plus': message => [$h + {c => 3}, $h + {a => 9}, $h + [['c', 3]], $h + ['d', 4]] }
notify { 'minus': message => [$h - ['a'], $h - {b => 'x'}, $h - 'a'] }
notify { 'orig': message => $h }
