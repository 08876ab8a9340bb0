# empty statement between semicolons
$x = 1;;
