# class names cannot be reserved type names
class integer { }
