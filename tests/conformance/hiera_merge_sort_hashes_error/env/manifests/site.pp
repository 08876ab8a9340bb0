notify { 'sorted': message => lookup('h', Hash, { 'strategy' => 'deep', 'sort_merged_arrays' => true }) }
