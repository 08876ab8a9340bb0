notify { 'k': message => lookup('mod::k', undef, undef, 'dflt') }
