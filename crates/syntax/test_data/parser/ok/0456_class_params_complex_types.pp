# class parameters with nested types
class a (
  Hash[String, Array[Integer]]             $h = {},
  Variant[Enum['a', 'b'], Pattern[/^c/]]   $v = 'a',
  Struct[{ a => Integer, Optional[b] => String }] $s = { a => 1 },
) { }
