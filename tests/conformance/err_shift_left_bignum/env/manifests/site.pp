# Shifting past 64 bits: Puppet computes the Bignum and shows it in the error.
$bits = 70
notice(1 << 62)
notice(-3 << $bits)
