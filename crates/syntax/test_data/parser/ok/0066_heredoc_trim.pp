# heredoc with trailing newline trimmed -
$x = @(END)
  text
  -END
