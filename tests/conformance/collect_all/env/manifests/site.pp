# An empty query collects (realizes) every resource of the type.
@notify { 'a': }
@notify { 'b': }
notify { 'c': }
Notify <| |>
