# <- and <~ between references
Service['c'] <- File['b'] <~ File['a']
