# a bare lower-case name is a NAME (evaluates to a string)
$x = foo
