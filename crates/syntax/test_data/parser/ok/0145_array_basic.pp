# array of mixed values
$x = [1, 'two', "three", $four, [5]]
