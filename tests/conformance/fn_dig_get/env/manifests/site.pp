$d = {'a' => {'b' => [10, {'c' => 'deep'}]}}
notify { 'dig': message => [dig($d, 'a', 'b', 1, 'c'), $d.dig('a', 'b', 0), $d.dig('a', 'x', 'y'), dig($d, 'a', 'b', 5)] }
notify { 'get': message => [get($d, 'a.b.1.c'), $d.get('a.b.0'), $d.get('a.zz', 'dflt'), get($d, ''), get($d, 'a.x') |$err| { 'lambda' }, [1, 2].get('1')] }
