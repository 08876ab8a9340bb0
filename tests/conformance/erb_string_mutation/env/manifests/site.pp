$s = 'abc'
notify { 't': message => inline_template('<% t = @s.dup ; t << "d" ; t.upcase! ; t.gsub!("B", "b") %><%= t %> <%= @s %> <%= t.frozen? %> <% u = "x" ; u += "y" ; u.concat("z") %><%= u %>') }
