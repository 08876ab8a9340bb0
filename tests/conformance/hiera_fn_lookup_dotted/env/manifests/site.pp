notify { 'index': message => lookup('arr.1') }
notify { 'hash': message => lookup('h.a') }
notify { 'deep': message => lookup('h.list.1.deep') }
notify { 'quoted': message => lookup('h."dotted.key".c') }
notify { 'single-quoted': message => lookup("h.'dotted.key'") }
notify { 'missing-tail default': message => lookup('h.nope', undef, undef, 'tail default') }
notify { 'out of range default': message => lookup('arr.9', undef, undef, 'index default') }
