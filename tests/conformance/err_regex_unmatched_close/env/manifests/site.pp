notice('a' =~ 'a)')
