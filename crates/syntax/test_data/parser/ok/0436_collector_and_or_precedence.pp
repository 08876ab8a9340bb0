# and binds tighter than or in queries
User <| a == 1 and b == 2 or c == 3 |>
