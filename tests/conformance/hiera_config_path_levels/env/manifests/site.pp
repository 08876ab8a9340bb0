notify { 'n': message => lookup('from_node') }
notify { 'o': message => lookup('from_os') }
notify { 'c': message => lookup('from_common') }
notify { 's': message => lookup('shared') }
notify { 'i': message => lookup('os_only') }
