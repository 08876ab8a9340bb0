# class with empty parameter list
class a () { }
