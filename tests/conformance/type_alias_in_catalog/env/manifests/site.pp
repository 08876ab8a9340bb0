# An alias in a parameter is written as a Pcore::TypeAliasType.
type P = Integer[1, 2]
type Q = Array[P]
notify { 'types': message => [P, Array[P], Q, Optional[Q]] }
