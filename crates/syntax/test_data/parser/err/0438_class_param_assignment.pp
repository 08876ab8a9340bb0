# assignment is not allowed in a parameter default
class a ($x = ($y = 1)) { }
