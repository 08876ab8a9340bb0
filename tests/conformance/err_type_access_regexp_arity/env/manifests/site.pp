notify { 'n': message => "${Regexp[/a/, /b/]}" }
