# heredoc with margin and trim |-
$x = @(END)
  text
  |- END
