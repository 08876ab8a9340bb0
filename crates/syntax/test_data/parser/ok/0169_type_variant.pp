# Variant[...]
$t = Variant[String, Integer, Undef]
