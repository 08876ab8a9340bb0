# type mappings are not supported
type Foo[Integer] = Integer
