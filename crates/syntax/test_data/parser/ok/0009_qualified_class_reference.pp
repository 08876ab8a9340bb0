# qualified type reference Foo::Bar::Baz
$x = Foo::Bar::Baz
