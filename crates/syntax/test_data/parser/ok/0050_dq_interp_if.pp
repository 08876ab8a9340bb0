# an if expression inside ${}
$x = "${if $y { 'a' } else { 'b' }}"
