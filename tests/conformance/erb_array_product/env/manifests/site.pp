# Array#product: every combination, the last list varying fastest (apache::vhost
# joins IPs and ports this way); with a block it yields each and returns the receiver.
$ips = ['10.0.0.1', '[::1]']
$ports = [80, 443]
notify { 'pairs': message => inline_template('<%= @ips.product(@ports).map { |x| x.join(":") }.join(",") %>') }
notify { 'three': message => inline_template('<%= [1, 2].product(["a"], [true, nil]).inspect %> <%= [1].product.inspect %> <%= [1, 2].product([]).inspect %>') }
notify { 'block': message => inline_template('<% out = [] %><%= [1, 2].product([3]) { |a, b| out << a * b }.inspect %> <%= out.inspect %>') }
