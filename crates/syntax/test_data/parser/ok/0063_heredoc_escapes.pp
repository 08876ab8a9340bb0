# heredoc "END"/tn$L with selected escapes incl. line continuation
$x = @("END"/tn$L)
  a\tb\nc \$y \
  continued
  END
