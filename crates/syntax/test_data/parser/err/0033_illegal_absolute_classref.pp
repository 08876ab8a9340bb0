# ::Foo::bar is an illegal fully qualified class reference
$x = ::Foo::bar
