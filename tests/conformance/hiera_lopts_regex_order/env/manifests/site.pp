# the first matching regex (in file order) wins
notify { 'list': message => lookup('app::list') }
