# a ( on the next line does not pass arguments to a method
$x = $y.each
(1)
