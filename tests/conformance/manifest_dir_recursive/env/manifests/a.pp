notify { 'a-file': }
