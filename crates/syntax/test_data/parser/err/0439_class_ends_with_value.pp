# class body ending in a literal
class a { 1 }
