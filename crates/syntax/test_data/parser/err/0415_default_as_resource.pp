# default is not a resource type
default { }
