notify { 'n': } -> Frobnicate <| title == 'x' |>
