# a type reference is not a node name
node Foo { }
