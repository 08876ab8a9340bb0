notice(Integer({'radix' => 2}))
