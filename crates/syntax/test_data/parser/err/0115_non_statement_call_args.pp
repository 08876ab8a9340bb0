# only statement functions can take arguments without parentheses
foo 1, 2
