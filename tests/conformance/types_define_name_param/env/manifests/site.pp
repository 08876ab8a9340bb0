define foo($a = 1) {}
foo { 'a': name => 'b' }
foo { 'c': name => 'c' }
foo { 'd': }
