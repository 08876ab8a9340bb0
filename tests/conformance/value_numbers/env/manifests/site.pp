notify { 'n': message => [0x10, 0777, 1e3, 1.5e-3, 9223372036854775807, -9223372036854775807, 1.0, 100.0, 0.0, 2.5e10, 1e100, 3.0e-10] }
notify { 'undef_in': message => [undef, [undef], {'a' => undef}, {undef => 1}] }
