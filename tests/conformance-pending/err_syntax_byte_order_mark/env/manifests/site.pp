notify { "x": }
