['t_true', 't_True', 't_TRUE', 't_yes', 't_Yes', 't_on', 't_y', 'f_false', 'f_no', 'f_off', 'f_n', 'q_yes'].each |$k| {
  notify { $k: message => lookup($k) }
}
