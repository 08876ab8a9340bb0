# 1 ** 2 is 1 * (*2): there is no power operator
$x = 1 ** 2
