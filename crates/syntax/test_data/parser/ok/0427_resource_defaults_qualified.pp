# defaults for a qualified type
Mymod::Thing { x => 1 }
