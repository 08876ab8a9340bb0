# duplicate define parameter
define a ($x, $x) { }
