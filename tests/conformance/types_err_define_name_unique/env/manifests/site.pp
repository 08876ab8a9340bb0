define foo() {}
foo { 'a': name => 'b' }
foo { 'c': name => 'b' }
