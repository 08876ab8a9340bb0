# heredoc with epp syntax (checked statically)
$x = @(END:epp)
  <%= $y %>
  END
