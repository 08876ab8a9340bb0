# The main manifest's classes are made in order: an alias declared after the
# class that uses it is not known yet.
class a(Small $x = 1) { notify { "a ${x}": } }
type Small = Integer[0, 9]
include a
