# a case with effects may be followed by more statements
case $x { 1: { notice(1) } }
notice(2)
