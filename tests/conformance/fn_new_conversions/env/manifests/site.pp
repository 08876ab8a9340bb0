notify { 'int': message => [Integer('0x1F'), Integer('017'), Integer('0b101'), Integer(3.99), Integer(true), Integer('-12'), Integer('10', 8), Integer('0xff', 16), Integer(-3.7)] }
notify { 'float': message => [Float('1.5'), Float(3), Float('1e3')] }
notify { 'num': message => [Numeric('12'), Numeric('1.5'), Numeric('0x10'), Numeric(true)] }
notify { 'str': message => [String(1), String(1.0), String(0.1), String([1, 'a']), String({'k' => 'v'}), String(true), String(undef), String(/re/), String(Integer)] }
notify { 'bool': message => [Boolean('yes'), Boolean('false'), Boolean(1), Boolean(0), Boolean('TRUE'), Boolean(true), Boolean(0.0), Boolean('n')] }
notify { 'array': message => [Array('abc'), Array([1]), Array({'a' => 1}), Array(3, true), Array(undef, true), Array('x', true), Array(Integer[1, 3])] }
notify { 'hash': message => [Hash([['a', 1], ['b', 2]]), Hash(['a', 1, 'b', 2]), Hash({'x' => 1}), Hash([])] }
notify { 'convert': message => ['12'.convert_to(Integer), 5.convert_to(String), [1, 2].convert_to(Hash), '0x10'.convert_to(Integer)] }
