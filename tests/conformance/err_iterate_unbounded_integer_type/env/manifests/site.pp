# An Integer type without an upper end is not Iterable: each() does not accept it.
Integer[1, default].each |$x| { notice($x) }
