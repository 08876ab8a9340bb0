# collector override with +>
User <| title == 'a' |> { groups +> ['x'] }
