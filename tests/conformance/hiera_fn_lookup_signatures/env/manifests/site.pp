notify { 'name': message => lookup('str') }
notify { 'name-type': message => lookup('int', Integer) }
notify { 'name-type-merge': message => lookup('arr', Array[String], 'unique') }
notify { 'name-type-merge-default': message => lookup('missing', String, 'first', 'the default') }
notify { 'name-type-merge-default-found': message => lookup('str', String, 'first', 'unused') }
notify { 'options-hash': message => lookup('missing', { 'value_type' => String, 'default_value' => 'hash default' }) }
notify { 'options-hash-merge': message => lookup('h', { 'merge' => 'deep', 'value_type' => Hash }) }
notify { 'options-hash-merge-hash': message => lookup('h', { 'merge' => { 'strategy' => 'deep' } }) }
notify { 'options-name-in-hash': message => lookup({ 'name' => 'str' }) }
notify { 'options-name-in-hash-default': message => lookup({ 'name' => 'missing', 'default_value' => 7 }) }
notify { 'block': message => lookup('missing') |$k| { "block got ${k}" } }
notify { 'block-found': message => lookup('str') |$k| { 'unused' } }
notify { 'block-with-type': message => lookup('missing', String, 'first') |$k| { "typed block ${k}" } }
notify { 'options-block': message => lookup('missing', { 'value_type' => String }) |$k| { "options block ${k}" } }
notify { 'undef-default': message => String(lookup('missing', undef, undef, undef)) }
