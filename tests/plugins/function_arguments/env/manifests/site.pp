notice(example::greet('ann', 11))
