# node names cannot be interpolated
node "web${x}" { }
