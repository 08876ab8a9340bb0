# a collector needs a plain type name, not Resource[...]
Resource['file'] <| |>
