# an array is not a type
type Foo = [Integer]
