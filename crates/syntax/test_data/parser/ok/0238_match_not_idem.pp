# a match statement sets $n variables so it is not value-only
$x =~ /a/
notice($0)
