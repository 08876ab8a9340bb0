# statements continue after the end tag
$x = @(END)
  text
  END
notice($x)
