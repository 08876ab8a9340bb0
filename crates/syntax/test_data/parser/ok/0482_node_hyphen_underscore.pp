# node names with - and _
node a-b, 'c_d', 'e-f' { }
