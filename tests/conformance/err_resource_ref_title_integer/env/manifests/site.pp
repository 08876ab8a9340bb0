notify { "x": before => Notify["a", 1] }
