# A module's Ruby type (read statically) has only its own attributes.
mytype { 'a': value => 1, bogus => 2 }
