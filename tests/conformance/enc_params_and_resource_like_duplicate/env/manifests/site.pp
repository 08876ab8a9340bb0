node default {
  class { 'app': port => 1 }
}
