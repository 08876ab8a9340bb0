notify { 'deep': message => lookup('db::users', Hash, 'deep') }
notify { 'hash': message => lookup('db::users', Hash, 'hash') }
notify { 'first': message => lookup('db::users') }
notify { 'unique': message => lookup('db::options', Array, 'unique') }
notify { 'hiera_hash': message => hiera_hash('db::users') }
notify { 'hiera_array': message => hiera_array('db::options') }
