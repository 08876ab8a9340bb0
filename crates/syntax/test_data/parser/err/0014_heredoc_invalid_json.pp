# static heredoc text is checked against its json syntax
$x = @(END:json)
  {"a":
  END
