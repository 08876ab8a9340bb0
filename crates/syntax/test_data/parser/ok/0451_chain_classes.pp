# class references in a chain
Class['a'] -> Class['b']
