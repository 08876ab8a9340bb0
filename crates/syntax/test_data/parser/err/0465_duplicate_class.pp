# a class defined twice in one file (rejected by the loader, not by the checker)
class a { }
class a { }
