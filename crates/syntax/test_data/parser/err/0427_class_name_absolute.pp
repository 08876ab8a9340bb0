# class names cannot be absolute
class ::foo { }
