# float literal out of range (Puppet reports an internal error)
$x = 1.7976931348623157e309
