# attribute names cannot be quoted
file { 'a': 'mode' => '0644' }
