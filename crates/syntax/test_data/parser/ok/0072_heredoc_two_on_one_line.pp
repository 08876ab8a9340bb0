# two heredocs on one line; bodies follow in order
notice(@(A), @(B))
  a text
  | A
  b text
  | B
