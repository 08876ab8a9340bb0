$h = {'name' => 'x', 'list' => ['a', 'b'], 'nested' => {'k' => true, 'n' => 1}, 'empty' => {}}
notify { 't': message => inline_template('<%= @h.to_yaml %>') }
