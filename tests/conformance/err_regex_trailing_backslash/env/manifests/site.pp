notice('a' =~ 'a\\')
