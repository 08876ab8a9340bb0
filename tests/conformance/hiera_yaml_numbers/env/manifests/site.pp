['dec', 'neg', 'plus', 'hex', 'octal_o', 'octal_0', 'underscore', 'binary', 'sexagesimal', 'float', 'exp',
 'exp2', 'float_dot', 'leading_zero_float', 'not_octal', 'quoted', 'version'].each |$k| {
  $v = lookup($k)
  notify { $k: message => $v }
  notify { "${k} type": message => String(type($v)) }
}
notify { 'inf': message => String(lookup('inf')) }
notify { 'neg_inf': message => String(lookup('neg_inf')) }
