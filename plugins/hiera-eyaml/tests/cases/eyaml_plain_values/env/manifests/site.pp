notify { 'string': message => lookup('plain::string') }
notify { 'integer': message => lookup('plain::integer') }
notify { 'boolean': message => lookup('plain::boolean') }
notify { 'undef': message => "[${lookup('plain::undef')}]" }
notify { 'array': message => lookup('plain::array') }
notify { 'hash': message => lookup('plain::hash') }
notify { 'interpolated': message => lookup('plain::interpolated') }
notify { 'missing': message => lookup('plain::missing', undef, undef, 'the default') }
