# calling a type creates a value
$a = Integer('1')
$b = Integer.new('2')
$c = Integer ('3')
$d = Integer[1] ('4')
