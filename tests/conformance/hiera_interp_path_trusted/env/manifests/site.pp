notify { 'node_key': message => lookup('node_key') }
notify { 'role_key': message => lookup('role_key') }
notify { 'domain_key': message => lookup('domain_key') }
notify { 'oid_key': message => lookup('oid_key') }
