# floats with exponent, negative exponent, upper case E
$x = [1e10, 1E5, 1.5e-3, 0.5e3]
