# a line that merely starts with the tag (ENDX) does not end the heredoc
$x = @(END)
  ENDX
  END
