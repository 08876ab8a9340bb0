# node with quoted names
node 'web01.example.com', "web02" { }
