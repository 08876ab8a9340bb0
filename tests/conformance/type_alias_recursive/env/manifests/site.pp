# Recursive type aliases, and Puppet's recursion guard: `[1, [2, [3]]] =~ A` is
# false because the guard meets A again for the same value (through B).
type Tree = Array[Variant[String, Tree]]
type A = Variant[Integer, B]
type B = Array[A]
type X = Variant[X, Integer]
type H = Hash[String, Variant[Integer, H]]
type L = Optional[Struct[{v => Integer, next => L}]]
$x = [1]
notify { 'instances':
  message => [
    [['a', ['b']], 'c'] =~ Tree, [['a', [1]], 'c'] =~ Tree,
    [1, [2, [3]]] =~ A, [1, 2] =~ B, [[1], 2] =~ B, 1 =~ A, [$x, $x] =~ B,
    3 =~ X, {a => {b => 1}} =~ H, {a => {b => 'x'}} =~ H,
    {v => 1, next => {v => 2, next => undef}} =~ L,
    ['a', [['b']]] =~ M::Tree, [['a'], 1] =~ M::Tree,
  ],
}
notify { 'assignable':
  message => [
    Array[Tree] < Array, Tree < Array[Any], Array[Array[String]] < Tree, Tree <= Tree,
    B =~ Type[A], A < B, Tree == Tree, Type[Tree] == type(Tree),
  ],
}
notify { 'strings':
  message => [String(Tree), String(A), String(B), String(X), String(H), String(M::Tree),
    String(Array[Tree]), String(type(M::Tree)), String(type([['a']], generalized))],
}
function f(Tree $t) >> Tree { $t }
notify { 'call': message => f([['x'], 'y']) }
