# heredoc without interpolation or escapes
$x = @(END)
  hello $y \n
  END
