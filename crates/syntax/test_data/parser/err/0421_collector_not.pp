# ! is not allowed in a query
User <| !(a == 1) |>
