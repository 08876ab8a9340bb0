notify { 'a': alias => ['x', 'b'] }
notify { 'b': }
