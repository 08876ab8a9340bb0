$a = 'from 01'
notify { 'a': message => $a }
