# names may start with an underscore
$x = _foo
$y = foo::_bar
