# heredoc with unknown escape flag
$x = @(END/q)
  text
  END
