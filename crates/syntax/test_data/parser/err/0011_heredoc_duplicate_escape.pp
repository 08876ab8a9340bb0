# heredoc with a repeated escape flag
$x = @(END/tt)
  text
  END
