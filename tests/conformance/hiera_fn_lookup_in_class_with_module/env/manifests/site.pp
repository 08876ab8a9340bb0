# the module layer is consulted based on the key's namespace, not on where lookup is called;
# hiera() does not see module data
notify { 'from top scope': message => lookup('mod::k') }
notify { 'hiera from top scope': message => hiera('mod::k', 'hiera does not see module data') }
