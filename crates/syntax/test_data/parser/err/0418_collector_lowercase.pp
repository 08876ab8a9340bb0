# a collector needs a type, not a name
user <| |>
