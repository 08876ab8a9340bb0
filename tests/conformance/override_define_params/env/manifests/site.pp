# Overrides reach a defined type's parameters before its body is evaluated
# (defined types are evaluated late); +> from a collector appends.
define d ($p = 1) { notify { "d ${title} ${p}": } }
d { 'x': }
D['x'] { p => 2 }
D <| title == 'x' |> { p +> [3] }
