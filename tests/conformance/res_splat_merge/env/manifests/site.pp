# Combining hashes with + to override some attributes set by *.
$base = { 'owner' => 'root', 'mode' => '0644' }
file { '/etc/merged':
  * => $base + { 'mode' => '0600', 'group' => 'adm' },
}
