$r = inline_epp('<%- | String $who | -%>hello <%= $who %>', {})
notify { 'x': message => $r }
