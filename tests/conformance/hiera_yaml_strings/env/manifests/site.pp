['plain', 'single', 'double', 'literal', 'folded', 'strip', 'keep', 'multiline_plain', 'colon_in', 'hash_char', 'empty_str', 'unicode'].each |$k| {
  notify { $k: message => lookup($k) }
}
