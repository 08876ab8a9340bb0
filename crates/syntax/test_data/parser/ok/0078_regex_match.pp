# regex after =~ with an escaped slash
$y = $x =~ /a\/b/
