# unknown escape is kept verbatim (Puppet only warns)
$x = "a\qb"
