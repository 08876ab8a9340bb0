# class names must be lower case
class Foo { }
