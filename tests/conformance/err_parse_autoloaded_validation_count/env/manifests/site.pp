# Several validation errors in an autoloaded define: Puppet gives their number.
m::d { 'x': }
