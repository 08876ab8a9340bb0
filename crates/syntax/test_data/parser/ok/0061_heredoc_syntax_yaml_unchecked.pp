# yaml heredocs have no static syntax checker
$x = @(END:yaml)
  a: [1
  END
