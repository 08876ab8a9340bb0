# amend with * =>
File['/tmp/x'] { * => $h }
