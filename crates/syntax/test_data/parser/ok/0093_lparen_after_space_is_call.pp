# ( after a space in the middle of a line is still a call
$x = upcase ('a')
