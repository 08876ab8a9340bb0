# collector with empty query
User <| |>
