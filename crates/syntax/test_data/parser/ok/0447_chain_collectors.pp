# collectors in a chain
Yumrepo <| |> -> Package <| |>
