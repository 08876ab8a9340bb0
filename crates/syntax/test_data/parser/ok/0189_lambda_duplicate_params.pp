# duplicate lambda parameter names are not rejected by the validator
[1].each |$a, $a| { notice($a) }
