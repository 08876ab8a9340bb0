include mod
notify { 'lookup': message => lookup('mod::k', undef, undef, 'not found') }
