[$only] = 'single'
[$a, [$b, $c]] = [1, [2, 3]]
[$user, $group] = { 'group' => 'wheel', 'user' => 'root', 'shell' => '/bin/sh' }
notify { 'assigned': message => [$only, $a, $b, $c, $user, $group] }
