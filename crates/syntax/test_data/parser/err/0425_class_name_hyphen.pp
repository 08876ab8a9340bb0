# class names cannot contain -
class foo-bar { }
