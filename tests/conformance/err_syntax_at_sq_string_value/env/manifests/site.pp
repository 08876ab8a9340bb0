notice('a' 'it\'s')
