# Variant[...] flattens nested variants, keeps each type once and collapses to the
# single type left; Pattern[...] keeps each regexp once (by source).
class dedup(Variant[String, String] $p = 'x', Optional[Variant[Integer, Integer]] $q = 3) {}
include dedup
notify { 'r': message => [
  String(Variant[Integer, Variant[String, Float]]), String(Variant[Variant[Integer, String], Integer]),
  String(Pattern[/a/, 'a']), String(Pattern['b', /a/, 'b']), String(Variant[Enum['a'], Enum['a']]),
  String(Variant[Optional[String], Optional[String]]), String(Variant[Integer, Optional[Integer]]),
  String(Optional[Variant[Integer, Integer]]), String(Array[Variant[String, String]]),
  String(Variant[Undef, Undef]), String(Variant[Any]), String(Variant[String, Data]),
  String(Pattern[/(?i:a)/, /a/]), String(Variant[Integer]), String(Variant[Integer[1,2], Integer[1,2]]),
  type(Variant[String, String]), Variant[String, String] =~ Type[String], Variant[Integer, Integer] == Integer,
  Variant[Integer, Integer],
]}
