# empty class
class a { }
