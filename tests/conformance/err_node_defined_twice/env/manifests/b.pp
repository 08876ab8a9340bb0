# The same node name in another manifest.
node 'y.example.com', 'x.example.com' { }
