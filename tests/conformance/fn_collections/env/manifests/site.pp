$h = {'b' => 2, 'a' => 1}
notify { 'basic': message => [keys($h), values($h), length($h), length([1, 2, 3]), length('héllo'), size([]), empty([]), empty({}), empty(''), empty('x'), empty([undef]), flatten([1, [2, [3, [4]]]]), flatten(1, [2])] }
notify { 'sort': message => [sort([3, 1, 2]), sort(['b', 'A', 'a', 'B']), sort([2.5, 1, 3]), sort('cba'), sort([3, 1, 2]) |$a, $b| { compare($b, $a) }, unique([1, 2, 1, '1', 'a', 'A']), unique('aabbcA'), unique({'a' => 1, 'b' => 1, 'c' => 2})] }
notify { 'minmax': message => [min(3, 1, 2), max(3, 1, 2), min([5, 4]), max('a', 'B'), min('10', '9'), max(1, 2.5), min(['b', 'a']), max([1, 10, 9]) |$a, $b| { compare("${a}", "${b}") }] }
notify { 'reverse': message => [reverse_each([1, 2, 3]).map |$x| { $x }, [1, 2, 3].reverse_each.map |$x| { $x * 10 }] }
