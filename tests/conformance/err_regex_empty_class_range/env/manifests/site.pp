notice('b' =~ '[b-a]')
