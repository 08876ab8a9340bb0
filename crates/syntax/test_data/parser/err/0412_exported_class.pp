# classes cannot be exported
@@class { 'a': }
