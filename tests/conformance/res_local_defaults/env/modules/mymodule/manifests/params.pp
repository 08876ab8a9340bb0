class mymodule::params {
  $file_defaults = {
    mode  => '0644',
    owner => 'root',
    group => 'root',
  }
}
