# A define parameter named like a reserved variable: the values are bound after
# the type checks, and the scope refuses it (at the define's line).

define app::thing(
  String $path = '/tmp',
  $trusted = {},
) {
  notify { $path: }
}

app::thing { 'one': }
