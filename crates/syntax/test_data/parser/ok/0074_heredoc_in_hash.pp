# two heredocs as hash values on one line
$x = { 'a' => @(A), 'b' => @(B) }
  a
  | A
  b
  | B
