# qualified bare word with a hyphen in the last segment
$x = a::b-c
