# The node resource has the top scope's tags; the node's classes have the node's
# tags from when they were included.
class x { notify { 'nx': } }
class y { notify { 'ny': } }
class z { notify { 'nz': } }
node default {
  include x
  tag('tn')
  include y
  notify { 'in_node': }
}
tag('t1')
class { 'z': }
