notify { 'r':
  message => [
    regsubst('hello', /(?<x>l)/, '[\k<x>]', 'G'),
    regsubst('hello', 'l', '<\`|\'|\&>'),
    regsubst('hello', '(l)(x)?', '[\+]', 'G'),
    regsubst('hello', 'l', '\\\\'),
    regsubst('hello', 'e', '\0\0'),
    regsubst('a-b-c', '-', '\\n', 'G'),
    ['1', '2.5', '0x10'].map |$s| { $s + 0 },
    [10, 20, 30]['1'],
  ],
}
