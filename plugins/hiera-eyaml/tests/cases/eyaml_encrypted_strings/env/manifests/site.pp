notify { 'one': message => lookup('secret::one') }
notify { 'two': message => lookup('secret::two') }
notify { 'mixed': message => lookup('secret::mixed') }
notify { 'no_scheme': message => lookup('secret::no_scheme') }
notify { 'lower_case': message => lookup('secret::lower_case') }
notify { 'unicode': message => lookup('secret::unicode') }
notify { 'empty': message => "[${lookup('secret::empty')}]" }
notify { 'not_base64': message => lookup('secret::not_base64') }
