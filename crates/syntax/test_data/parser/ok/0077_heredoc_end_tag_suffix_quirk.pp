# Puppet quirk: a text line ending in " END" terminates the heredoc (end line match is not anchored)
$x = @(END)
  the END
  END
