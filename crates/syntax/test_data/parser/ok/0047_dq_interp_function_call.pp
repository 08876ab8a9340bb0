# function call inside ${}
$x = "${upcase($y)}"
