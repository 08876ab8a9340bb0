include m
m::item { ['a', 'b']: }
