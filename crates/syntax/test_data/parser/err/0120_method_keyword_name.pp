# keywords (except type) cannot be method names
$x = $y.if
