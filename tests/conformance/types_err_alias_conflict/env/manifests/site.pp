notify { 'a': alias => 'b' }
notify { 'c': alias => 'b' }
