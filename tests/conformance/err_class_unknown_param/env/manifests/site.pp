class small ($a = 1) {
  notify { "a ${a}": }
}
class { 'small': a => 2, b => 3 }
