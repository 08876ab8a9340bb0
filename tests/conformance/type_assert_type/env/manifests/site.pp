$a = assert_type(Integer, 5)
$b = assert_type(String[1], 'x')
$c = assert_type(Integer, 'nope') |$expected, $actual| { "expected ${expected}, got ${actual}" }
$d = assert_type(Array[Integer], [1, 2])
notify { 'at': message => [$a, $b, $c, $d] }
