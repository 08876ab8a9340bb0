# Several problems with deep's options: one line each, the Struct's entries first.
notice(lookup('x', undef, {'strategy' => 'deep', 'a' => 1, 'knockout_prefix' => 2, 'sort_merged_arrays' => 'x'}, 1))
