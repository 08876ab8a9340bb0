# a collector does not produce a value
$x = User <| |>
