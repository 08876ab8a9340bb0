notice('a' "q\tz${x}")
