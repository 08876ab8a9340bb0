define foo($a = 1) {}
foo { 'x': a => 2, b => 3 }
