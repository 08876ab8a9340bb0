# heredoc as function argument, rest of the line continues
notice(@(END))
  text
  | END
