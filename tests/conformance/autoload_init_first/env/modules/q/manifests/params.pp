class q::params {
  include q::helper
  notify { "params": }
}
