# every double-quoted escape: \t \n \r \s \$ \" \' \\
$x = "tab\t nl\n cr\r sp\s dollar\$ quote\" sq\' bs\\"
