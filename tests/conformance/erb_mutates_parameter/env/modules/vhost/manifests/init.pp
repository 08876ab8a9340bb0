# apache's vhost/_scriptalias.erb appends to @scriptaliases; the Array it mutates is the
# parameter's value, so the catalog shows the appended element.
define vhost($scriptalias = undef, $scriptaliases = []) {
  file { "/etc/apache2/sites-available/${title}.conf":
    content => template('vhost/scriptalias.erb'),
  }
}
