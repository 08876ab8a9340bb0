notify { 'main': }
