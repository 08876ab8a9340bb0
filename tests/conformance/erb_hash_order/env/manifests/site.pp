$h = {'z' => 1, 'a' => 2, 'm' => {'y' => [1, 2], 'b' => 'c'}}
notify { 't': message => inline_template('<% @h.each do |k, v| %><%= k %>=<%= v %>;<% end %>|<%= @h.keys.sort.join(",") %>|<%= @h %>|<%= @h.to_a.inspect %>') }
