notify { 'override': message => lookup('a', { 'override' => { 'a' => 'from override' } }) }
notify { 'defaults hash unused': message => lookup('b', { 'default_values_hash' => { 'b' => 'from defaults' } }) }
notify { 'defaults hash used': message => lookup('c', { 'default_values_hash' => { 'c' => 'from defaults' } }) }
notify { 'default_value vs hash': message => lookup('c', { 'default_values_hash' => { 'c' => 'hash' }, 'default_value' => 'value' }) }
