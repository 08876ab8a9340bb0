notify { 'index': message => [index(['a', 'b', 'c'], 'b'), ['a', 'b'].index('z'), index('hello', 'l'), index([1, 2, 3]) |$x| { $x > 1 }, index({'a' => 1, 'b' => 2}, 2), index({'a' => 1, 'b' => 2}) |$v| { $v == 2 }, 'hello'.index('lo')] }
notify { 'compare': message => [compare(1, 2), compare(2, 1), compare(1, 1), compare('a', 'B'), compare('a', 'B', false), compare('a', 'B', true), compare(1.5, 1)] }
notify { 'match': message => [match('abc123', /([a-z]+)(\d+)/), 'xyz'.match(/q/), match(['a1', 'b', 'c3'], /\w(\d)/), match('abc', 'b'), 'hello'.match(/(?<first>l+)/)] }
