class { 'mymod': conf => { 'name' => 'web', 'port' => 8080, 'opts' => { 'a' => 1 } } }
