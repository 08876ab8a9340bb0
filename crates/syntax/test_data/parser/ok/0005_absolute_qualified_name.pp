# absolute qualified name ::a::b
$x = ::a::b
