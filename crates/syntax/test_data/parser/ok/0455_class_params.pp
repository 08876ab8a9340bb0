# class parameters with types and defaults
class a (
  String            $x = 'a',
  Optional[Integer] $y = undef,
  $z,
) { }
