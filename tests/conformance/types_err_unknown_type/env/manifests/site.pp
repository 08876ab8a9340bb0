frobnicate { 'x': a => 1 }
