# undef, true, false
$x = [undef, true, false]
