# bare word containing hyphens is one WORD token
$x = foo-bar-baz
