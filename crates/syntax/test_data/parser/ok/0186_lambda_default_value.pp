# lambda parameter with default value
[1].each |$a = 1| { notice($a) }
