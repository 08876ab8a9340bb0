$a = true
$b = false
$e = ''
notify { 't': message => inline_template('<%= @a && @b %> <%= @a || @b %> <%= !@a %> <%= (not @b) %> <%= (@a and @b).inspect %> <%= (@b or "x") %> <%= @e.empty? && "empty" %> <%= @missing || "dflt" %> <%= nil.nil? %> <%= 1 == 1.0 %> <%= "a" == :a %> <%= 1 <=> 2 %> <%= [1,2] <=> [1,3] %> <%= "b" > "a" %> <%= 5.between?(1, 10) %>') }
