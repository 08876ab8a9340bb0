# collector with override block
User <| title == 'a' |> { shell => '/bin/sh' }
