notify { 'eq': message => ['abc' == 'ABC', 1 == 1.0, [1, 'a'] == [1, 'A'], {a => 1} == {'a' => 1}, '1' == 1, undef == undef, undef == '', true == 'true', 'a' != 'A'] }
notify { 'lt': message => [1 < 2, 2.5 > 2, 'a' < 'B', 'B' < 'a', 'abc' <= 'ABC', 10 >= 10, 'Z' > 'a', -1 < 0.5] }
notify { 'eq2': message => [[1, 2] == [1, 2, 3], {a => 1, b => 2} == {b => 2, a => 1}, Integer == Integer, Integer[1,2] == Integer[1,2], default == default, /a/ == /a/] }
