# array of references in a chain
[File['a'], File['b']] -> Service['c']
