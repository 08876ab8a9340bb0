notify { 'sens': message => Sensitive('secret') }
notify { 'nested': message => [Sensitive('s2'), {'k' => Sensitive(3)}] }
notify { 'deferred': message => Deferred('join', [['a', 'b'], ',']) }
notify { 'ts': message => Timestamp('2024-01-02T03:04:05.123Z') }
notify { 'regexp': message => /ab+c/ }
notify { 'types': message => [Integer[1, 2], String, Optional[String], Array[Integer], File['/x'], Class['foo']] }
notify { 'default': message => [default, {default => 1}] }
notify { 'intkeys': message => {1 => 'one', 'two' => 2, [3] => 'arr'} }
