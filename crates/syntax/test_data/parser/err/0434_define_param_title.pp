# $title cannot be a define parameter
define a ($title) { }
