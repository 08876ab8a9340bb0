# node with a bare name
node web01 { }
