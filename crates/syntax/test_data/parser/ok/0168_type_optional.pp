# Optional[String]
$t = Optional[String]
