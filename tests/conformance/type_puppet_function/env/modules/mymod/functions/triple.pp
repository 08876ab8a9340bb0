function mymod::triple(Numeric $n) { $n * 3 }
