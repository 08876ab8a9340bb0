# An OpenStack control repo: each node's classes come from Hiera (data/nodes).
node default {
  lookup('classes', Array[String], 'unique', []).include
}
