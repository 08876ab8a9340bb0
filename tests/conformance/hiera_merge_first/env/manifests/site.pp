notify { 'h-default': message => lookup('h') }
notify { 'h-first': message => lookup('h', Hash, 'first') }
notify { 'h-first-hash': message => lookup('h', { 'merge' => { 'strategy' => 'first' } }) }
notify { 'arr-any-undef': message => lookup('arr', Any, undef, 'dflt') }
