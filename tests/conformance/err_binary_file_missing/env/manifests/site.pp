$x = binary_file('blob/nope.bin')
