# absolute type reference ::Foo::Bar
$x = ::Foo::Bar
