include m
m::item { 'y': list => $m::mine }
