# Types written without variables are checked when the file loads; an alias
# declared before the class is known then.
type Small = Integer[0, 9]
class a(Small $x = 1, Variant[Integer, Enum[a, b]] $y = a, Optional[String[1]] $z = undef) { notify { "a ${x} ${y}": } }
include a
