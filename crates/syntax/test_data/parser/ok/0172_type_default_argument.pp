# default as a type parameter
$t = Integer[default, 10]
