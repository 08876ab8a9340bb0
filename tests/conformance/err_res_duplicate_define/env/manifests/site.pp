define thing () { }
thing { 'x': }
thing { 'x': }
