# regex ending in an escaped backslash
$y = $x =~ /a\\/
