# $title cannot be a class parameter
class a ($title) { }
