# Puppet knows a TypeSet's members only once the set itself has been resolved.
type MyTypes = TypeSet[{pcore_version => '1.0.0', version => '2.1.0', types => {Car => Object[{attributes => {make => String}}]}}]
$c = MyTypes::Car('x')
