$x = 'v'
notify { 't': message => inline_template('<%= @x.foo %>') }
