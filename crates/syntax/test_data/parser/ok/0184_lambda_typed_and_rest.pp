# lambda with typed and captures-rest parameters
[1].each |Integer $a, String *$rest| { notice($a) }
