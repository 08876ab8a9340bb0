# a literal is not a type
type Foo = 1
