# parameter defaults referring to other parameters and functions
class a ($x = 1, $y = $x + 1, $z = lookup('k')) { }
