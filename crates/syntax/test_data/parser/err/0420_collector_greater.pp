# > is not allowed in a query
User <| uid > 1 |>
