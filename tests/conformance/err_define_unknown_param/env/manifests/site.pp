define small ($a = 1) { }
small { 'x': b => 2 }
