# type definitions are not supported
type Foo { }
