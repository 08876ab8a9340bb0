# A JSON facts file (the wrapped form): null facts are '' (Puppet sanitizes facts).
notify { 'facts': message => [$n, $facts['nested'], $big, $s, $u, $facts.keys] }
