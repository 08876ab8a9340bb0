# variables starting with underscore, including $_
$x = [$_foo, $_]
