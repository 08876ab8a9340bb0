$b = Binary('aGVsbG8=')
notify { 'str': message => "b=${b} ${Binary('hello', '%s')} ${Binary('aGVsbG8', '%r')} ${Binary([104, 105])} ${Binary('aGk=', '%B')}" }
notify { 'val': message => $b }
notify { 'arr': message => [Binary('aGk=')] }
notify { 'eq': message => [Binary('aGk=') == Binary('hi', '%s'), "${type($b)}", $b =~ Binary, String($b), String($b, '%s')] }
