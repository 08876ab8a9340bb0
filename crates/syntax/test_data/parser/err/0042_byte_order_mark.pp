# a UTF-8 byte order mark at the start of the file is rejected
$x = 1
