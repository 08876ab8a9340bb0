# Two collectors override the same attribute: the later one wins.
file { '/x': owner => 'a' }
File <| title == '/x' |> { owner => 'b' }
File <| title == '/x' |> { owner => 'c' }
