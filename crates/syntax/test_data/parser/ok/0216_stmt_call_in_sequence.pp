# several statement calls in a row
notice 'a' notice 'b'
notice 'c'
