$r = inline_epp('<%- | Integer $n | -%>n=<%= $n %>', {'n' => 'five'})
notify { 'x': message => $r }
