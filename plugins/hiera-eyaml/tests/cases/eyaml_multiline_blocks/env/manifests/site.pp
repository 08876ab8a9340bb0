notify { 'folded': message => lookup('block::folded') }
notify { 'two': message => lookup('block::two') }
notify { 'literal': message => lookup('block::literal') }
notify { 'nested': message => lookup('block::nested') }
