# A strategy's options are checked as Puppet's options Struct: unique has none.
notice(lookup('x', undef, {'strategy' => 'unique', 'knockout_prefix' => '--'}, 1))
