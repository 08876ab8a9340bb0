# A type that refers to itself cannot be written into the catalog.
type Tree = Array[Variant[String, Tree]]
notify { 'ok': message => 'fine' }
notify { 'tree':
  message => [Tree],
}
