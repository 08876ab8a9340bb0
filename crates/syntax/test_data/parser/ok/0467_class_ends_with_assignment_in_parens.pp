# a parenthesized assignment is not value-only
class a { ($x = 1) }
