# String(value, { Type => format }): the most specific matching type wins; a
# container's format may be a hash with its separators and the formats of its
# scalar elements (the others keep their quoted form); nested containers take their
# format from the same map.
notify { 'maps':
  message => [
    String(15, { Integer => '%x' }), String(15, { Integer[0] => '%x', Integer => '%o' }),
    String(15, { Integer => '%x', Numeric => '%o' }), String(1.5, { Numeric => '%x' }), String(15, { Any => '%x' }),
    String(15, { String => '%x' }), String(15, { Integer => { format => '%x' } }),
    String([15, 1.5, 'a'], { Array => { format => '%a', string_formats => { Numeric => '%x' } } }),
    String([1, 'a'], { Array => { format => '%a', string_formats => { String => '%s' } } }),
    String({ 'a' => 1.5, 'b' => 2 }, { Hash => { format => '%h', separator => '; ', separator2 => ': ' } }),
    String([1, 2], { Array => { format => '%(a', separator => ' ' } }), String([1, 2], { Array => { format => '%#a', separator => ' |' } }),
    String({ 'a' => 'b', 'c' => 'd' }, { Hash => { format => '%#h', separator => ";\n" } }),
    String([1, [2]], { Array => '%(a' }), String({ 'a' => [1] }, { Hash => '%#h', Array => '%(a' }),
    String([1.5, 2], { Array => '%a', Float => '%.3f' }), String(3, default),
  ],
}
