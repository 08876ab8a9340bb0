if Timestamp(0) > '2023-01-01' { notify { 'x': } }
