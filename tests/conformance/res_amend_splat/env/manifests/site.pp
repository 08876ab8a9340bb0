# Amending with * from a hash, and a multi-resource reference.
file { ['/a', '/b']: }
$attrs = { 'owner' => 'root', 'mode' => '0600' }
File['/a', '/b'] { * => $attrs }
