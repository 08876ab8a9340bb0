notice('a' =~ '(?z)')
