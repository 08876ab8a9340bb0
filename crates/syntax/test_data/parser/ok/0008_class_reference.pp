# capitalised name is a type reference (CLASSREF)
$x = Foo
