# node name made of numbers and dots
node 10.0.0.1 { }
