notice('a' =~ Regexp('+a'))
