# node with several names
node 'a', 'b', c { }
