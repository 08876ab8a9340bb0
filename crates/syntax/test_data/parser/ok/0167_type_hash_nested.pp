# Hash[String, Array[Integer]]
$t = Hash[String, Array[Integer]]
