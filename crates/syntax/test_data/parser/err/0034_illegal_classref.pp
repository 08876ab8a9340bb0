# Foo::bar is an illegal class reference
$x = Foo::bar
