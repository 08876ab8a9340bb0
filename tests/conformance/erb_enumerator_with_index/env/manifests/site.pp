# Enumerator#with_index(offset): map.with_index maps with the index; a blockless
# with_index gives [item, index] pairs. Arrays themselves have no with_index.
$s = "Hello, World"
$a = [3, 1, 2, 10, 'x']
$h = { 'b' => 2, 'a' => [1], 'c' => {} }
notice(inline_template('<%= @s.each_char.with_index.map { |c, i| i.even? ? c : "" }.join %>|<%= @a.map.with_index { |x, i| "#{i}=#{x}" }.join(",") %>|<%= @a.map.with_index(1) { |x, i| i }.inspect %>|<%= @a.each.with_index(1).to_a.last.inspect %>|<%= @h.map.with_index { |(k, v), i| "#{i}#{k}" }.join %>|<%= @a.respond_to?(:with_index) %>'))
