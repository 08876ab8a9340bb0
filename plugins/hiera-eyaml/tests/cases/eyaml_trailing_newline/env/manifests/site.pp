notify { 'one': message => "[${lookup('one_newline')}]" }
notify { 'two': message => "[${lookup('two_newlines')}]" }
notify { 'crlf': message => "[${lookup('crlf')}]" }
notify { 'inner': message => "[${lookup('inner')}]" }
