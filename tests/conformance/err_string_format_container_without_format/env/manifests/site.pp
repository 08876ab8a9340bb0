notify { 'x': message => String(['a'], { Array => { string_formats => { String => '%u' } } }) }
