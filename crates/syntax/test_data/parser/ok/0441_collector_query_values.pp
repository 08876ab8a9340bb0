# query operands: variable, array, string, undef, boolean, qualified name
User <| a == $x or b == [1] or 'c' == 1 or d == undef or e == true or f == g::h |>
