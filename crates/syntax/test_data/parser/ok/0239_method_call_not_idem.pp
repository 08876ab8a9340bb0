# a method call statement is not value-only
$x.foo
notice(1)
