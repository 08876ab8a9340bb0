# Enumerable#min(n), max(n), min_by(n), max_by(n) return an array of the n
# smallest (ascending) or largest (descending) elements, not one element.
$a = [5, 3, 9, 1, 7]
$h = { 'x' => 3, 'y' => 1, 'z' => 2 }
$w = ['pear', 'fig', 'banana', 'kiwis']
notice(inline_template('<%= @a.min(2).inspect %>|<%= @a.max(2).inspect %>|<%= @a.min(0).inspect %>|<%= @a.max(9).inspect %>|<%= @a.min %>|<%= @a.max %>|<%= @a.min(2) { |x, y| y <=> x }.inspect %>|<%= @w.min_by(2, &:size).inspect %>|<%= @w.max_by(2) { |x| x.size }.inspect %>|<%= @h.min_by(2) { |k, v| v }.inspect %>|<%= @h.max_by(1) { |k, v| v }.inspect %>|<%= @h.max_by { |k, v| v }.inspect %>|<%= (1..10).max(3).inspect %>|<%= @w.min(2).inspect %>|<%= (@a.min(-1) rescue $!.message) %>'))
