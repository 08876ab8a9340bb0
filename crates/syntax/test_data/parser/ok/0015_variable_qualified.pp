# qualified variables $a::b and $::a::b::c
$x = $a::b
$y = $::a::b::c
