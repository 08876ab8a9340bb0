# heredoc escapes must come after the syntax
$x = @(END/t:json)
  {}
  END
