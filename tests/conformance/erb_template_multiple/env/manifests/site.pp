$x = 1
notify { 't': message => template('app/a.erb', 'app/b.erb') }
notify { 'i': message => inline_template('<%= @x %>', '-<%= @x + 1 %>') }
