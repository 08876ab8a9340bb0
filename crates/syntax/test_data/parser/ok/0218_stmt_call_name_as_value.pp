# after =, notice is just a bare word: $x = notice; 1
$x = notice 1
