$s = Struct[{a => Integer, Optional[b] => String, c => Optional[Float]}]
notify { 'm': message => [{a => 1} =~ $s, {a => 1, b => 'x', c => 1.5} =~ $s, {a => 1, d => 1} =~ $s, {b => 'x'} =~ $s, [1, 'a', 'b'] =~ Tuple[Integer, String, 1, 3], [1] =~ Tuple[Integer, String], [] =~ Tuple, "${s}"] }
