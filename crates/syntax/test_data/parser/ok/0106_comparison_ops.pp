# all comparison operators
$x = [1 == 2, 1 != 2, 1 < 2, 1 <= 2, 1 > 2, 1 >= 2]
