define foo() {}
class bar {}
include bar
foo { 'f': }
notify { 'n': }
mytype { 'm': }
whit { 'w': }
stage { 'pre': before => Stage['main'] }
