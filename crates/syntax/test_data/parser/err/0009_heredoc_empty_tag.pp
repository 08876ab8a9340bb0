# heredoc with empty tag
$x = @()
  text
  END
