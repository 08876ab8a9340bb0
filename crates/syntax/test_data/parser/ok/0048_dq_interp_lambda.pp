# method call with lambda inside ${}
$x = "${[1, 2].map |$v| { $v * 2 }}"
