# chained access
$y = $h['a']['b']
