# a selector statement before another statement: value lost
$y ? { 1 => notice(1), default => notice(2) }
notice(3)
