# empty array
$x = []
