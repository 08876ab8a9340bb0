# $name cannot be a class parameter
class a ($name) { }
