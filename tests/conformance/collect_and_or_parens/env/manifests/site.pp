# and, or and parentheses in queries.
@notify { 'a': message => 'one', loglevel => 'info' }
@notify { 'b': message => 'two', loglevel => 'info' }
@notify { 'c': message => 'three', loglevel => 'debug' }
@notify { 'd': message => 'four', loglevel => 'warning' }
Notify <| (message == 'one' or message == 'three') and loglevel != 'debug' |>
Notify <| message == 'four' or message == 'two' and loglevel == 'debug' |>
