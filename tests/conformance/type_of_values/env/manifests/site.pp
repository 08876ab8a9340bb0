notify { 'type': message => ["${type(1)}", "${type('abc')}", "${type([1, 'a'])}", "${type({'a' => 1})}", "${type(1.5)}", "${type(undef)}", "${type(true)}", "${type(/x/)}", "${type(Integer)}", "${type(default)}"] }
notify { 'generalized': message => ["${type(1, 'generalized')}", "${type('abc', 'generalized')}", "${type([1, 'a'], 'generalized')}", "${type({'a' => 1}, 'generalized')}", "${type(1.5, 'generalized')}"] }
notify { 'reduced': message => ["${type([1, 2], 'reduced')}", "${type('abc', 'reduced')}", "${type({'a' => 1}, 'reduced')}"] }
