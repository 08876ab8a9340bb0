# $name cannot be a define parameter
define a ($name) { }
