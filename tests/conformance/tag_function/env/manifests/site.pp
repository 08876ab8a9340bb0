# tag() adds tags to the surrounding class and so to its resources.
class tagged::cls {
  tag 'extra', 'ns::deep'
  notify { 'inside': }
}
include tagged::cls
