# =~ is not allowed in a query
User <| title =~ 'a' |>
