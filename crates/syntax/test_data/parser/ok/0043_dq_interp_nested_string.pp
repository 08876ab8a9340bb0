# a double-quoted string nested inside ${}
$x = "outer ${ "inner ${y}" } end"
