# lambda with empty parameter list
[1].each || { notice(1) }
