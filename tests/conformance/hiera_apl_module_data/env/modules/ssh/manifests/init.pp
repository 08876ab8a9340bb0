class ssh (String $package, String $permit_root, String $port = '22') {
  package { $package: ensure => installed }
  notify { 'root': message => $permit_root }
  notify { 'port': message => $port }
}
