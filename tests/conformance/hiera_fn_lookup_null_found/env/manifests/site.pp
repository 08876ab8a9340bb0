# a key whose value is null is "found": the default is not used
notify { 'nul': message => String(lookup('nul', undef, undef, 'default not used')) }
notify { 'nul-plain': message => String(lookup('nul')) }
notify { 'nul-type': message => String(lookup('nul', Optional[String])) }
