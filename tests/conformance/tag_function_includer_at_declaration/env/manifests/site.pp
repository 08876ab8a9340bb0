# A class has the tags of the scope that declares it as they are at that moment:
# tag() called there afterwards does not reach it (other resources get them when
# the catalog is finished), in a class, a define and the top scope.
class x { notify { 'nx': } }
class y { notify { 'ny': } }
class z { notify { 'nz': } }
class w { notify { 'nw': } }
class v { notify { 'nv': } }
class s { include z  tag('ts') }
define dd { include w  tag('td') }
include x
tag('t1')
include y
include s
dd { 'i': }
class { 'v': }
