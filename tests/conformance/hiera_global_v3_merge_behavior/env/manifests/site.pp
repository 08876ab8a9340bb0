# :merge_behavior: applies to hiera_hash only, not to lookup(..., 'hash')
notify { 'hiera_hash': message => hiera_hash('h') }
notify { 'lookup_hash': message => lookup('h', Hash, 'hash') }
notify { 'lookup_deep': message => lookup('h', Hash, 'deep') }
