# recursive type alias
type Tree = Array[Variant[Integer, Tree]]
