# collector with parentheses and or
User <| (a == 1 or b == 2) |>
