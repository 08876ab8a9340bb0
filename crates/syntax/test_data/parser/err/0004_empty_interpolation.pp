# empty ${}
$x = "${}"
