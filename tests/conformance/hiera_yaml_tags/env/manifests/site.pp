['str_int', 'str_bool', 'str_null', 'int_str', 'float_int', 'seq', 'map'].each |$k| {
  notify { $k: message => lookup($k) }
}
notify { 'binary type': message => String(type(lookup('binary'))) }
