# node name list with trailing comma
node a, { }
