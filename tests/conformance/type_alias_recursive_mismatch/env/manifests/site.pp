type Tree = Array[Variant[String, Tree]]
function f(Tree $t) { $t }
f([['x'], [1]])
