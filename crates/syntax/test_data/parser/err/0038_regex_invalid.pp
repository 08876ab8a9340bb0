# regex that does not compile
$x = $y =~ /[/]/
