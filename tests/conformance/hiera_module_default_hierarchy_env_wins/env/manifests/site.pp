# the env layer answered, so default_hierarchy is not merged in
notify { 'h': message => lookup('mod::h', Hash, 'deep') }
notify { 'x': message => lookup('mod::x') }
