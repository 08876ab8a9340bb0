# heredoc with margin marker |
$x = @(END)
    indented
      more
    | END
