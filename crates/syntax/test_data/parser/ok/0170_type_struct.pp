# Struct with optional key
$t = Struct[{a => Integer, Optional[b] => String}]
