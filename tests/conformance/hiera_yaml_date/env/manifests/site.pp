notify { 'date': message => lookup('date') }
