# calls to qualified and absolute function names
$x = foo::bar(1)
$y = ::foo(1)
