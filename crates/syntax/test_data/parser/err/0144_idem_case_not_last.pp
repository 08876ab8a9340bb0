# a case producing only values before another statement
case $x { 1: { 2 } }
notice(1)
