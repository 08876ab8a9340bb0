# qualified variables in strings
$x = "$::foo::bar ${foo::bar} $a::b"
