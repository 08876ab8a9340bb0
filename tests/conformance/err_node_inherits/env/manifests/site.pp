# Node inheritance was removed in Puppet 4.
node 'common' { }
node 'www1.example.com' inherits 'common' { }
