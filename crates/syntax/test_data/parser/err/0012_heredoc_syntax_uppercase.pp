# heredoc syntax name must start with a lower case letter
$x = @(END:Json)
  {}
  END
