class { 'app': port => 1 }
