# class body ending in an if that only produces values
class a { if true { 1 } }
