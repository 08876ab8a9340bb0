# String(value, format): each type's conversions: Booleans as floats, strings trimmed
# and capitalized per `::` segment, regexps between slashes, Binary in its forms,
# default, Sensitive, and what containers write for their scalars.
notify { 'conversions':
  message => [
    String(true, '%e'), String(true, '%.1f'), String(false, '%x'), String('  abc  ', '%t'), String('a::b', '%C'),
    String('ABC', '%d'), String(/ab+/, '%p'), String(/ab+/, '%s'), String(Binary('aGVsbG8='), '%b'),
    String(Binary('aGVsbG8='), '%B'), String(Binary('aGVsbG8='), '%t'), String(Binary('aGVsbG8='), '%T'),
    String(Binary('aGVsbG8='), '%p'), String(Binary('aGVsbG8='), '%10B'), String(default, '%d'), String(default, '%D'),
    String(Sensitive('x'), '%p'), String(Sensitive('x'), '%s'), String(Integer[1, 2], '%p'), String(1.5, '%#a'),
    String([/a/, Binary('aGVsbG8='), default, undef, 1.5, Integer, Sensitive('x')]), String({ 'k' => /a/ }),
    String([1, 2].reverse_each),
  ],
}
