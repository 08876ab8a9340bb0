# String#each_char, each_byte and each_line without a block return an Enumerator;
# with one they yield every item and return the string.
$s = "Hello, World"
notice(inline_template('<%= @s.each_char.to_a.length %>|<%= @s.each_byte.to_a.first(3).inspect %>|<%= "a\nb\n".each_line.map(&:chomp).inspect %>|<% r = [] %><% "xy".each_byte { |b| r << b } %><%= r.inspect %>|<%= "xy".each_char { |c| } %>|<%= "l1\nl2".each_line.to_a.inspect %>|<%= @s.each_char.select { |c| c =~ /[A-Z]/ }.join %>'))
