# =~ and !~ with regex, string and type
$x = [$a =~ /x/, $a !~ /y/, $a =~ 'x', $a =~ Integer]
