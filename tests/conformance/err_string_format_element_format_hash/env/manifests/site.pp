notify { 'x': message => String(['a'], { Array => { format => '%a', string_formats => { String => { format => '%u' } } } }) }
