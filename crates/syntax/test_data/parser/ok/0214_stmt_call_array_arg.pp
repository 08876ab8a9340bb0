# statement call with array argument
notice [1, 2]
