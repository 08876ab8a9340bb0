Frobnicate <| |>
