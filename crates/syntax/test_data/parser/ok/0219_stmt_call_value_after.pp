# statement call followed by a separate value
notice 'a' 'b'
