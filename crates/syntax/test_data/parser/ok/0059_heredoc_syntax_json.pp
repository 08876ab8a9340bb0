# heredoc with syntax tag (statically valid json)
$x = @(END:json)
  {"a": 1}
  END
