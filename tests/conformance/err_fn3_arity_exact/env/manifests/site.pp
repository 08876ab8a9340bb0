# A 3.x function (md5 takes one argument) reports a wrong count in its own words.
notify { "x": message => md5("a", "b") }
