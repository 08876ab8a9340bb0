# hiera_hash on an array value: no error in Hiera 5 layers (only the v3 global layer asserts a Hash)
notify { 'x': message => hiera_hash('arr') }
