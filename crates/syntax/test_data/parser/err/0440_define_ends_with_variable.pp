# define body ending in a variable
define a { $x }
