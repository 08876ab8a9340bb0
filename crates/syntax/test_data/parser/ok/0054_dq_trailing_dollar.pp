# a $ not followed by a name is literal text
$x = "cost: 5$ and $ alone"
