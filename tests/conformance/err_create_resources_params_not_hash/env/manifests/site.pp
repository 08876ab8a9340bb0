# Each instance's parameters must be a hash: a string (here a hash of file contents
# mistaken for a hash of file resources) fails the call.
$keys = { '/etc/keys/0' => 'secret-a' }
create_resources('file', $keys, { 'mode' => '0600' })
