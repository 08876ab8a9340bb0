# Integer() of a Float beyond 64 bits is a Bignum (it was cut to the largest 64-bit
# integer); printed, compared, and its absolute value.
$big = Integer(3.5e20)
notify { 'big':
  message => ["${big}", String(Integer(-3.5e20)), "${Integer(-3.5e20, 10, true)}", $big > 9223372036854775807,
    $big == Integer(3.5e20), String(Integer(9.3e18)), Integer(9.2e18)],
}
