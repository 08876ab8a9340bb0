# String() with `#`: arrays and hashes over several lines (nested containers break
# onto their own line, indented), arrays of wide scalars broken by the width, an empty
# hash; and the `#` of each scalar conversion (quoted, first letter of a Boolean).
notify { 'containers':
  message => [
    String([1, 'a', [2]], '%#a'), String([[1], [2]], '%#a'), String([1, [2, [3]], 4], '%#a'),
    String([{ 'a' => 1 }, 2], '%#a'), String({ 'a' => { 'b' => [1, { 'c' => 2 }] }, 'd' => 3 }, '%#h'),
    String({ 'a' => [1, 2] }, '%#p'), String(['aaa', 'bbb', 'ccc'], '%#5a'), String([1, 2, 3], '%#5a'),
    String(['aaa', ['b'], 'ccc', 'ddd'], '%#5a'), String({}, '%#h'), String([], '%#a'), String({ 1 => 2 }, '%#a'),
  ],
}
notify { 'scalars':
  message => [
    String(true, '%#t'), String(false, '%#Y'), String(true, '%#y'), String(3, '%#s'), String(65, '%#c'),
    String(3.25, '%#s'), String(3.25, '%#p'), String('abc', '%#c'), String('abc', '%#u'), String('  ab ', '%#t'),
    String('a::b', '%#C'), String(default, '%#p'), String(/a\/b/, '%#p'), String(Binary('aGVsbG8='), '%#s'),
  ],
}
