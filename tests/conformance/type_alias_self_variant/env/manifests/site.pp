type E = Variant[E]
notify { 'e': message => 1 =~ E }
