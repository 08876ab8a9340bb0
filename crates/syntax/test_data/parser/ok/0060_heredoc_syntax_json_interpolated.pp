# json syntax of an interpolated heredoc is not checked statically
$x = @("END":json)
  {"a": ${y}
  END
