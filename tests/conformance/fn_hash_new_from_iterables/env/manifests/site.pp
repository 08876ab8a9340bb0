# Hash(): tuples, a flat list, and what iterating a value gives.
notify { 'hashes':
  message => [
    Hash([['a', 1], ['b', 2]]),
    Hash([['a', 1], ['b']]),
    Hash(['k', [1, 2]]),
    Hash('ab'),
    Hash(4),
    Hash(Integer[1, 4]),
    Hash([1, 2].reverse_each),
    Hash([]),
  ],
}
