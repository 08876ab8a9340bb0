$r = [1, 'two'].map |Integer $x| { $x }
notify { 'x': message => $r }
