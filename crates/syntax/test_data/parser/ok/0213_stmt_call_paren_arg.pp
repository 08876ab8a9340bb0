# statement call with parenthesized argument, also on the next line
notice (1)
notice
(2)
