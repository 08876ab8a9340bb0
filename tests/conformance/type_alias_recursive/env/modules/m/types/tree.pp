type M::Tree = Variant[String, Array[M::Tree]]
