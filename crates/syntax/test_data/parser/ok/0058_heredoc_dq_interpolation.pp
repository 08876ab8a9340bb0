# heredoc with "END" enables interpolation
$x = @("END")
  hello $y and ${z.upcase}
  END
