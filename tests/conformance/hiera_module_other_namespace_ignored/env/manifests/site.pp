# mod's data is never consulted for keys of other namespaces or unqualified keys
include mod::nothing
notify { 'ok': message => lookup('mod::ok') }
notify { 'plain': message => lookup('ok', undef, undef, 'unqualified not found') }
notify { 'other': message => lookup('other::ok', undef, undef, 'other not found') }
