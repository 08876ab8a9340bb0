notify { 'qualified': message => lookup('::mod::k', undef, undef, 'not found') }
notify { 'top': message => lookup('::top', undef, undef, 'not found') }
