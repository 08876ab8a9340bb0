$v = ['a', ['b', 'c']]
$s = 'x'
notify { 't': message => inline_template('<%= Array(@v).flatten.inspect %> <%= Array(@s).inspect %> <%= Array(nil).inspect %> <%= String(5) %> <%= Integer("12") + 1 %> <%= Float("1.5") %> <%= [@s].flatten.first %> <%= @v.is_a?(Array) %> <%= @s.is_a?(String) %> <%= @s.kind_of?(Hash) %> <%= @s.respond_to?(:upcase) %> <%= @v.respond_to?(:keys) %> <%= 5.is_a?(Integer) %> <%= 5.0.is_a?(Numeric) %> <%= true.is_a?(TrueClass) %> <%= @s.class == String %>') }
