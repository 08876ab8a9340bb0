# an if with effects may be followed by more statements
if $x { notice(1) }
notice(2)
