notify { 'deep': message => lookup('mod::h', Hash, 'deep') }
notify { 'hash': message => lookup('mod::h', Hash, 'hash') }
