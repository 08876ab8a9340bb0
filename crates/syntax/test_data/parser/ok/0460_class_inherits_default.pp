# inherits default is accepted by the parser (fails only at compile time)
class a inherits default { }
