# Two validation errors in the main manifest: Puppet gives their number.
$x = 2 1 + 1
class a { $a::b = 1 }
