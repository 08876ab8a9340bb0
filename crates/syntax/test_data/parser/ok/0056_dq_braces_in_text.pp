# braces in plain string text
$x = "} { }}"
