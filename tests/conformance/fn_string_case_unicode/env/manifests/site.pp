# capitalize uses title case for the first character (ß is Ss, ǆ is ǅ, ﬁ is Fi);
# downcase has no final-sigma rule.
notify { 'r': message => [
  capitalize('ßa'), capitalize('ǆa'), capitalize('ǅA'), capitalize('ﬁx'), capitalize('ﬀ'), capitalize('ŉa'),
  capitalize('ᾳa'), capitalize('ᾀb'), capitalize('ǉ'), capitalize('ǳ'), capitalize('ﬆ'), camelcase('ßa_ﬂb'),
  capitalize('İa'), capitalize('ΣΑΣ'), String('ßa', '%C'), upcase('ß'), downcase('ΣΑΣ'), String('ΣΑΣ', '%d'),
  'ΣΑΣ'.downcase, upcase('éßa'), downcase('ÉÀ'), capitalize('élan vital'), camelcase('élan_vital'),
  capitalize(['ab', 'cd']), downcase({'A' => 'B'}),
] }
