# empty array entry
$x = [1,,2]
