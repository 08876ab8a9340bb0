# method call directly on a heredoc
$x = @(END).strip
  text
  END
