frobnicate { 'x': }
