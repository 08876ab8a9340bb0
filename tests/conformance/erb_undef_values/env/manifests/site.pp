$u = undef
$arr = [1, undef, 'x']
$h = {'a' => undef}
notify { 't': message => inline_template('<%= @u.inspect %> <%= @arr.inspect %> <%= @h.inspect %> <%= scope["u"].inspect %> <%= defined?(@u).inspect %>') }
