# node with an unquoted dotted name
node web01.example.com { }
