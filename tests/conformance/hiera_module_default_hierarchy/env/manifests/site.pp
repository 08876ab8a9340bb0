notify { 'in_common': message => lookup('mod::in_common') }
notify { 'only_default': message => lookup('mod::only_default') }
notify { 'merged': message => lookup('mod::merged', Hash, 'hash') }
notify { 'default_only_hash': message => lookup('mod::default_only_hash', Hash, 'hash') }
