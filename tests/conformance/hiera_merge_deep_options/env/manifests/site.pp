notify { 'plain': message => lookup('h', Hash, 'deep') }
notify { 'knockout': message => lookup('h', Hash, { 'strategy' => 'deep', 'knockout_prefix' => '--' }) }
notify { 'sorted': message => lookup('h', Hash, { 'strategy' => 'deep', 'sort_merged_arrays' => true }) }
notify { 'sorted knockout': message => lookup('h', Hash, { 'strategy' => 'deep', 'sort_merged_arrays' => true, 'knockout_prefix' => '--' }) }
notify { 'dotted': message => lookup('h.list', Array, { 'strategy' => 'deep', 'sort_merged_arrays' => true }) }
notify { 'users deep': message => lookup('users', Array, 'deep') }
notify { 'users merge_hash_arrays': message => lookup('users', Array, { 'strategy' => 'deep', 'merge_hash_arrays' => true }) }
notify { 'hashes deep': message => lookup('hashes', Array, 'deep') }
notify { 'hashes merge_hash_arrays': message => lookup('hashes', Array, { 'strategy' => 'deep', 'merge_hash_arrays' => true }) }
