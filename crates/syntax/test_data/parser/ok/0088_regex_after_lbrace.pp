# regex after { (selector)
$s = $x ? { /a/ => 1, default => 2 }
