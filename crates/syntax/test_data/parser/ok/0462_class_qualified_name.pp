# class named foo::bar
class foo::bar { }
