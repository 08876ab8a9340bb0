file {
  default: mode => '0644';
  default: owner => 'root';
  '/x': ;
}
