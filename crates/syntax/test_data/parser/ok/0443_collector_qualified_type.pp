# collector of a qualified type
Mymod::Thing <| |>
