$items = ['a', 'b']
$out = $items.map |$i| { inline_template('<%= @i %><%= @items.size %>') }
notify { 't': message => $out.join(',') }
