# reference, declaration and collector in one chain
Package['a'] -> file { 'b': } ~> Service <| tag == 'x' |>
