# then / lest chain
$x = $y.then |$v| { $v }.lest || { 'none' }
