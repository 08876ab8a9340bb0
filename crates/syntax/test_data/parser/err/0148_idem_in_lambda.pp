# value lost inside a lambda body
[1].each |$v| { 1 notice($v) }
