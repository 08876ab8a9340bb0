# Resource[$type] with a variable
$t = 'file'
Resource[$t] { '/tmp/x': ensure => file }
