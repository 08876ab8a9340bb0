# sort's block sees pairs in the order of Ruby's sort (glibc's merge sort).
$r = [5, 3, 9, 1, 7, 2, 8].sort |$a, $b| { notice("${a}<>${b}"); compare($a, $b) }
notice($r)
$s = ['b', 'a', 'c', 'a'].sort |$a, $b| { notice("${a}<>${b}"); compare($b, $a) }
notify { 'sorted': message => [$r, $s, sort(['b', 'B', 'a', 'A']), sort([2, 1.5, 3])] }
