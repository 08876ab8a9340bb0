notify { 'hiera_array': message => hiera_array('arr') }
notify { 'hiera_array scalars': message => hiera_array('scalar') }
notify { 'hiera_array default': message => hiera_array('missing', ['d']) }
notify { 'hiera_hash': message => hiera_hash('h') }
notify { 'hiera_hash default': message => hiera_hash('missing', { 'd' => 1 }) }
notify { 'hiera (lookup_options ignored?)': message => hiera('arr') }
