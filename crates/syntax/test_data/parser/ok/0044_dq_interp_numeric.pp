# numeric variables $1 and ${0} in strings
$x = "$1 ${0} ${2}"
