# arithmetic < shift < comparison < and < or
$x = 1 + 2 * 3 << 1 == 7 and true or false
