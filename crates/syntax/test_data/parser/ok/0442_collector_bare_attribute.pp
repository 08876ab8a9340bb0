# a bare attribute name is a valid query
User <| a |>
