notify { 'date': message => lookup('date') }
notify { 'date_str': message => lookup('date_str') }
