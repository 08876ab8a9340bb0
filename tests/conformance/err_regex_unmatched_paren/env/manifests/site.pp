notice('a' =~ '(?<n>a')
