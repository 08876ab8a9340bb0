class apache {
  package { 'httpd': }
}
