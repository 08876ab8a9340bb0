class { 'mymod': conf => { 'name' => 'web', 'port' => 70000 } }
