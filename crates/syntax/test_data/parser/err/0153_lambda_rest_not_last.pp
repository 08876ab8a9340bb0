# captures-rest must be the last lambda parameter
[1].each |*$rest, $a| { }
