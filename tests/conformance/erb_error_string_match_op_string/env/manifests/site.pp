# `=~` with a String on the right is a TypeError in Ruby (match() would accept it).
$s = 'location'
notify { 'x': message => inline_template('<%= @s =~ "loc" %>') }
