# `==` between types: equal when each is assignable to the other, however written
# (Optional[String] and Variant[Undef, String], Data and its Variant), but not inside
# arrays or as hash keys; ScalarData is a type of its own, Data an alias of a Variant
# (also against a recursive alias).
type Tree = Variant[Integer, Array[Tree]]
type Doc = Variant[ScalarData, Undef, Hash[String, Doc], Array[Doc]]
notify { 'eq':
  message => [
    Optional[String] == Variant[Undef, String], Variant[String, Undef] == Optional[String],
    Optional[String] != Variant[Undef, String], Variant[Integer, String] == Variant[String, Integer],
    Numeric == Variant[Integer, Float], Data == Variant[ScalarData, Undef, Hash[String, Data], Array[Data]],
    NotUndef[String] == String, Variant[String] == String, Optional[String] == Variant[String, Undef, Undef],
    [Optional[String]] == [Variant[Undef, String]], { Optional[String] => 1 }[Variant[Undef, String]],
    Variant[Integer, Float, String, Boolean] == ScalarData, Variant[Integer, Array[Data]] >= Data,
    Variant[Data, Integer] == Data, Data <= Variant[ScalarData, Undef, Hash[String, Data], Array[Data]],
    Tree >= Data, Tree <= Data, Tree == Data, Doc >= Data, Variant[Doc, Integer] >= Data, Data >= Array[Tree],
  ],
}
