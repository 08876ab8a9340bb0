# An Integer title from create_resources (a Hash with Integer keys, as Hiera gives
# for `8080:`): Puppet names the resource with the String and sets `name` to it.
define listen($addr = '0.0.0.0') { }
create_resources('listen', { 8080 => {}, 8443 => { 'addr' => '127.0.0.1' } })
create_resources('notify', { 80 => {} })
create_resources('listen', { 'http' => {} })
