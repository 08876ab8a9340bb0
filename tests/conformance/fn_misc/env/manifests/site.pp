$v = 'value'
notify { 'getvar': message => [getvar('v'), getvar('nope'), getvar('nope', 'dflt'), getvar('facts.os.family'), getvar('facts.nope', 'x')] }
notify { 'call': message => [call('join', ['a', 'b'], '-'), call('upcase', 'x'), call('max', 1, 2)] }
notify { 'unwrap': message => [unwrap(Sensitive('s')), 'plain'.unwrap] }
notify { 'strftime': message => [Timestamp('2024-03-01T12:30:45Z').strftime('%Y-%m-%d %H:%M:%S'), strftime(Timestamp('2024-12-25T00:00:00Z'), '%A %B %d %j')] }
