# block comment between operands of /
$x = 4 /* c */ / 2
