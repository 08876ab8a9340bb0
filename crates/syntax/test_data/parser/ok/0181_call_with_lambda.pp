# function call followed by a lambda
each([1, 2]) |$v| { notice($v) }
