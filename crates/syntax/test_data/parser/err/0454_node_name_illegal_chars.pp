# node names may contain only letters, digits, _, - and .
node 'a b' { }
