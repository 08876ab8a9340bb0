# function names must be lower case
function Foo() { }
