# A node named like a class of the same manifest.
node 'web' { }
class web { }
