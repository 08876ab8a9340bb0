notify { 'join': message => [join(['a', 'b', 'c'], ','), join([1, [2, 3], undef, 'x']), ['a'].join('-'), join([], ','), join([1.5, true], ' ')] }
notify { 'split': message => [split('a,b,,c,,', ','), split('a1b22c', /\d+/), split('abc', ''), split('  a  b ', ' '), 'x.y.z'.split('\.'), split('', ','), split('a-b', Regexp['-'])] }
