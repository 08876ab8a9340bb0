$b = binary_file('blob/data.bin')
notify { 'bin': message => [$b, binary_file('blob/text.txt'), $b.length, "${b}", String(binary_file('blob/text.txt'), '%s')] }
