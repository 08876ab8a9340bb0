# class names cannot be quoted
class 'foo' { }
