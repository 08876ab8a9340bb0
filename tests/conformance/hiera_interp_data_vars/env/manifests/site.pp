$site_var = 'set in site.pp'
include cls
notify { 'fact': message => lookup('fact') }
notify { 'top_fact': message => lookup('top_fact') }
notify { 'dig': message => lookup('dig') }
notify { 'trusted': message => lookup('trusted') }
notify { 'top_var': message => lookup('top_var') }
notify { 'class_var': message => lookup('class_var') }
notify { 'undefined': message => lookup('undefined') }
notify { 'empty': message => lookup('empty') }
notify { 'server_facts': message => lookup('server_facts') }
