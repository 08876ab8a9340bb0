Frobnicate { a => 1 }
notify { 'n': }
