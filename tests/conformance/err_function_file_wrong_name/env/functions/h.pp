function g() { 1 }
