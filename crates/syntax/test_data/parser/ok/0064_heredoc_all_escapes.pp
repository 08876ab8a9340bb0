# heredoc with empty escape list enables all escapes
$x = @(END/)
  a\tb\sc\r\n\u0041
  END
