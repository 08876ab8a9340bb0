# a [ after whitespace starts an array: the reference File is lost
File ['a'] -> File['b']
