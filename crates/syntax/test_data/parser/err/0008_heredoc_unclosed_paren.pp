# heredoc @( without )
$x = @(END
  text
  END
