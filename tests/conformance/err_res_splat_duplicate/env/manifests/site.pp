# An attribute set by * and explicitly: compilation error.
$h = { 'mode' => '0644' }
file { '/etc/x':
  mode => '0600',
  *    => $h,
}
