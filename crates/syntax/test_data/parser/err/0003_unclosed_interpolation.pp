# unterminated ${ in a string
$x = "${y"
