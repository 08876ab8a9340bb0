# define body with resources
define with_body ($path) {
  file { $path: ensure => file }
  exec { "touch ${path}": }
}
