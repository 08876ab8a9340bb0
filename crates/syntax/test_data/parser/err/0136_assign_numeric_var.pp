# assignment to $0
$0 = 1
