# qualified type name
$t = Mymod::Mytype
