# unary minus binds tighter than in
$x = -1 in [1]
