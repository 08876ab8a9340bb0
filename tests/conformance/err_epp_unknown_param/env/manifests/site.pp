$r = inline_epp('<%- | Integer $n | -%>n=<%= $n %>', {'n' => 1, 'm' => 2})
notify { 'x': message => $r }
