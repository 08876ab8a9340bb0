# qualified names with ::
$x = foo::bar::baz
