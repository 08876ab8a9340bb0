include base
notify { 'main': }
