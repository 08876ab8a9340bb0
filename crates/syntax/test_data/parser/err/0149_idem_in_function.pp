# value lost inside a function body
function f() { 1 2 }
