$myvar = 'top myvar'
['via_lookup', 'via_hiera', 'via_scope', 'via_literal', 'alias_arr', 'alias_hash', 'alias_num',
 'alias_str', 'lookup_num_in_string', 'lookup_arr_in_string', 'lookup_hash_in_string',
 'lookup_dotted', 'double_quoted_arg', 'spaces', 'nested_lookup'].each |$k| {
  notify { $k: message => lookup($k) }
}
