# lambda parameters with trailing comma
[1].each |$a,| { notice($a) }
