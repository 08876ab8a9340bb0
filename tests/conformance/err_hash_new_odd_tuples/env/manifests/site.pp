$pairs = [['a', 1], 'b', 'c']
$h = Hash($pairs)
