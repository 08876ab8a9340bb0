# interpolation ${facts['os']['family']}
$x = "family: ${facts['os']['family']}"
