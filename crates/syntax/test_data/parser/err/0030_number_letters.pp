# digits followed by letters
$x = 123abc
