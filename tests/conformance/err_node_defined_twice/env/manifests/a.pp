node 'x.example.com' { }
