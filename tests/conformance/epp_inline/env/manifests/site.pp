$greeting = 'hi'
$t1 = inline_epp('<%= $greeting %> there')
$t2 = inline_epp(@(EPP), {'name' => 'bob', 'count' => 3})
<%- | String $name, Integer $count = 1, $extra = 'dflt' | -%>
Name: <%= $name %>
<% Integer[1, $count].each |$i| { -%>
item <%= $i %>
<% } -%>
Extra: <%= $extra %><%# a comment %>
EPP
$t3 = inline_epp("a <%= [1, 2].map |\$x| { \$x * 2 } %> b <%% literal %%>")
$t4 = inline_epp("x\n  <%- if true { -%>\n  yes\n  <%- } -%>\ny")
notify { 'epp': message => [$t1, $t2, $t3, $t4] }
