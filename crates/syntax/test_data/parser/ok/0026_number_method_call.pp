# a dot after an integer starts a method call, not a float
$x = 1.to_s
$y = 1.0.to_s
