# private is reserved
$x = private
