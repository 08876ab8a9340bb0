# String(): undef under each format, container delimiter flags (also for nested
# containers of the same kind), a hash as %a, and %#p on a string.
notify { 'undef':
  message => [
    String(undef, '%s'), String(undef, '%#s'), String(undef, '%p'), String(undef, '%#p'),
    String(undef, '%u'), String(undef, '%#u'), String(undef, '%n'), String(undef, '%#n'),
    String(undef, '%d'), String(undef, '%5x'), String(undef, '%v'), String(undef, '%V'),
  ],
}
notify { 'containers':
  message => [
    String(['a', [2, { 'k' => [3] }]], '%(a'), String([1, 2], '%<p'), String([1, 2], '%|s'),
    String([], '%{a'), String({ 'a' => [1], 'b' => { 'c' => 2 } }, '%[h'),
    String({ 'a' => 1, 'b' => 2 }, '%a'), String({ 'a' => 1 }, '%(a'),
    String('x', '%#p'), String("tab\there", '%#p'), String('x', '%-6p'),
  ],
}
