$i = [1, 2].reverse_each
notify { "x": message => $i[0] }
