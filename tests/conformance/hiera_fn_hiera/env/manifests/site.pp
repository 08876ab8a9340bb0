notify { 'hiera': message => hiera('str') }
notify { 'hiera-default': message => hiera('missing', 'hiera default') }
notify { 'hiera-int': message => hiera('int') }
notify { 'hiera-dotted': message => hiera('h.list.0') }
notify { 'hiera-block': message => hiera('missing') |$k| { "block ${k}" } }
