# in is not allowed in a query
User <| a in [1] |>
