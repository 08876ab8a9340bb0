# lookup(name, value_type, merge) does not accept undef as value_type (only the
# 4-argument form with a default does)
notify { 'arr': message => lookup('arr', undef, 'unique') }
