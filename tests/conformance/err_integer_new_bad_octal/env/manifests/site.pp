# A leading 0 is octal: '08' is not a number, and Puppet says so without naming 'new'.
$mode = '08'
notify { 'x': message => Integer($mode) }
