$i = 42
$f = 2.5
$big = 1e20
$b = true
$d = default
$r = /ab+c/
$t = Integer[1,2]
$e = {}
notify { 't': message => inline_template('<%= [@i, @f, @big, @b, @d, @r, @e].inspect %>|<%= @i.class %> <%= @f.class %> <%= @d.class %> <%= @r.class %>|<%= @t %>|<%= @r.source %>') }
