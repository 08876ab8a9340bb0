# default mixed with other names
node default, 'x' { }
