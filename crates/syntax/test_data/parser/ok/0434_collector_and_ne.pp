# collector with and / == / !=
User <| tag == 'ops' and title != 'x' |>
