# type alias for a Variant
type MyMod::Alias = Variant[String, Integer]
