# hash comments, also at end of line and in strings
$x = 1 # trailing comment
# full line comment
$y = "# not a comment"
