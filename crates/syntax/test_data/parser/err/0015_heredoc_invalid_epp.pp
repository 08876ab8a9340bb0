# static heredoc text is checked against its epp syntax
$x = @(END:epp)
  <% if $x { %>
  END
