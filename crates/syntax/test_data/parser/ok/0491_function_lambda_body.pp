# function body ending in a method call with lambda
function lambda_body($x) {
  $x.map |$v| { $v + 1 }
}
