notify { "n": message => lookup("neg") }
