# heredoc without end tag
$x = @(END)
  text
