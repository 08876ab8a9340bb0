# A collector override for a defined type parameter that does not exist.
define d ($p = 1) { }
d { 'x': }
D <| |> { nope => 2 }
