# a regex may start an interpolation when the token before the string allows one
notice("${/a/}")
$x = "pre${/b+/}"
