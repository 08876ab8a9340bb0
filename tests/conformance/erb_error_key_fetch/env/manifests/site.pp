$h = {'a' => 1}
notify { 't': message => inline_template('<%= @h.fetch("b") %>') }
