notify { 'src': message => lookup('src') }
notify { 'via_lookup': message => lookup('via_lookup') }
