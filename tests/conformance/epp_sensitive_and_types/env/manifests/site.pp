$t = inline_epp('<%- | Sensitive $pw, Array[Integer] $ports = [80] | -%>pw=<%= $pw %> ports=<%= $ports %>', {'pw' => Sensitive('s3')})
notify { 'e': message => [$t =~ Sensitive, $t.unwrap] }
