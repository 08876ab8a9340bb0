notify { 'b': message => "sees ${a}" }
include m1
