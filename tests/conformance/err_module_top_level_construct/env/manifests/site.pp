# Only definitions at the top of a module file: an assignment, a call and a node fail.
include app
