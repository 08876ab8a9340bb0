class c (
  Optional[Integer] $a = undef,
  Variant[Undef, String] $b = undef,
  Optional[Array[String, 1]] $e = ['x'],
  NotUndef[String] $f = 'nf',
  Data $g = undef,
) {
  notify { 'vals': message => [$a, $b, $e, $f, $g] }
}
include c
notify { 'types': message => ["${Optional[Variant[Integer, String]]}", "${Variant[Integer, Undef]}", "${Variant[Integer[1, 2], Integer[3, 4]]}", "${Variant[Enum['a'], Enum['b']]}"] }
