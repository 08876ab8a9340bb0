# key => value arguments form an unfolded hash
notice(1, a => 1, b => 2)
