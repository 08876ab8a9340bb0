# Facts read as Puppet reads them: YAML 1.1 scalars (Psych), Symbols, dates and times as
# strings, and undef facts sanitized to ''.
notify { 'f': message => [$facts['n'], $n, $facts['h'], $facts['arr'], $facts['t2'], $facts['d2'], $facts['o'], $facts['i'], $facts['s2'], $facts['b'], $facts['oct'], $facts['t3'], $facts['t4'], $facts['t5'], $facts['sex'], $facts['under'], $facts.keys] }
