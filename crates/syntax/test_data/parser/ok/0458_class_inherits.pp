# class inherits
class a inherits b { }
