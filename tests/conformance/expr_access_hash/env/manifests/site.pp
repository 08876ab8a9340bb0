$h = {'a' => 1, 'b' => {'x' => [10, 20]}, 3 => 'three'}
notify { 'h': message => [$h['a'], $h['missing'], $h['b']['x'][1], $h[3], $h['a', 'b'], $h['a', 'zz']] }
