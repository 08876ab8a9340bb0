# A character the lexer does not know is a syntax error at an empty token.
$x = 1 && 2
